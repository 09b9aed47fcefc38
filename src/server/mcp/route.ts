import type { FastifyInstance } from 'fastify'
import type { Operation } from '../../platform/operation.js'
import type { AuthContext } from '../../platform/tenancy/api-keys.js'
import { holdingSlot } from '../plugins/in-flight.js'
import { type ApiSender, deriveTools } from './tools.js'

/**
 * The MCP SDK (its server and transport: 2.9 MB of serve's live heap, measured after start),
 * loaded by the first call to /mcp rather than when serve starts: most appliances never see one.
 */
let mcpModules:
  | Promise<[typeof import('./server.js'), typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js')]>
  | undefined
function loadMcp() {
  mcpModules ??= Promise.all([import('./server.js'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')])
  return mcpModules
}

/**
 * `POST /mcp` on `app` (the scope of the auth hook), its calls injected into `root`: the Streamable HTTP transport of MCP on the appliance (docs/decisions/assistants.md),
 * stateless: a server and a transport per request, answered as JSON. Registered where the API's auth
 * hook runs (Bearer key, edge throttle, the key's budget and requests in flight, 401 in the envelope),
 * with the app's body limit. Each tool call is sent to the API itself with `inject` and the caller's
 * own Authorization header, so the API's runner decides everything: scopes, validation, redaction,
 * idempotency, events, and the key's budget once more for the operation.
 */
export function mcpRoute(app: FastifyInstance, root: FastifyInstance, operations: Operation[]): void {
  const tools = deriveTools(operations)
  app.route({
    method: 'POST',
    url: '/mcp',
    // No scope gates the endpoint itself (as GET /v1/me): the key's scopes decide the tools it lists.
    config: { scopes: [], operationId: 'mcp' },
    handler: holdingSlot(async (request, reply) => {
      const auth = request.auth as AuthContext
      const authorization = request.headers.authorization as string
      const send: ApiSender = async ({ method, path, body, idempotencyKey }) => {
        const response = await root.inject({
          method,
          url: path,
          headers: {
            authorization,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        })
        let parsed: unknown = response.body
        try {
          parsed = JSON.parse(response.body)
        } catch {
          // Not JSON: passed on as the text it is.
        }
        return { status: response.statusCode, body: parsed }
      }
      const [{ createMcpServer }, { StreamableHTTPServerTransport }] = await loadMcp()
      const server = createMcpServer({ tools, scopes: auth.scopes, send })
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      // The answer is the transport's from here on: the headers set so far (the key's RateLimit-*, the
      // request id) go with it.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value)
      }
      reply.hijack()
      reply.raw.once('close', () => {
        void transport.close()
        void server.close()
      })
      await server.connect(transport)
      await transport.handleRequest(request.raw, reply.raw, request.body)
    }),
  })
  // Stateless: no stream to open (GET) and no session to end (DELETE): 405, as the transport specification
  // allows, in JSON-RPC as the SDK's stateless examples answer it.
  app.route({
    method: ['GET', 'DELETE'],
    url: '/mcp',
    config: { scopes: [], operationId: 'mcp' },
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Method not allowed: send each message with POST' },
          id: null,
        }),
  })
}

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { request } from 'undici'
import { UsageError } from '../lib/errors.js'
import { isScope, type Scope } from '../lib/scopes.js'
import { createMcpServer } from '../server/mcp/server.js'
import { type ApiSender, deriveTools } from '../server/mcp/tools.js'
import { apiOperations } from '../server/routes/index.js'

/**
 * The API over HTTP as one key (`shopapi mcp`): each tool call is one request to --api-url, so the
 * appliance's own runner answers it exactly as it answers any integration.
 */
export function httpSender(apiUrl: string, apiKey: string): ApiSender {
  // apiUrl ends in /v1 (normalizeApiUrl); the request paths carry /v1 themselves.
  const origin = apiUrl.replace(/\/v1$/, '')
  return async ({ method, path, body, idempotencyKey }) => {
    const response = await request(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        accept: 'application/json',
        'user-agent': 'shopapi-mcp',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    })
    const text = await response.body.text()
    let parsed: unknown = text
    try {
      parsed = JSON.parse(text)
    } catch {
      // Not JSON (a proxy's error page, say): passed on as the text it is.
    }
    return { status: response.statusCode, body: parsed }
  }
}

/** The key's scopes, as the API introspects it (GET /v1/me); a refused key is a one-line error. */
export async function keyScopes(send: ApiSender, apiUrl: string): Promise<Set<Scope>> {
  let response: Awaited<ReturnType<ApiSender>>
  try {
    response = await send({ method: 'GET', path: '/v1/me' })
  } catch (error) {
    throw new UsageError(`${apiUrl} did not answer: ${(error as Error).message}`)
  }
  if (response.status !== 200) {
    const message = (response.body as { error?: { message?: string } } | undefined)?.error?.message
    throw new UsageError(`${apiUrl}/me answered ${response.status}${message ? `: ${message}` : ''}`)
  }
  const scopes = (response.body as { scopes?: unknown }).scopes
  return new Set(Array.isArray(scopes) ? scopes.filter((s): s is Scope => typeof s === 'string' && isScope(s)) : [])
}

/** Serves MCP on standard input and output until the client closes it. */
export async function serveStdio(apiUrl: string, apiKey: string): Promise<void> {
  const send = httpSender(apiUrl, apiKey)
  const scopes = await keyScopes(send, apiUrl)
  const server = createMcpServer({ tools: deriveTools(apiOperations), scopes, send })
  const transport = new StdioServerTransport()
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve()
    process.stdin.once('end', () => resolve())
  })
  await server.connect(transport)
  await closed
  await server.close()
}

import { randomUUID } from 'node:crypto'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  type GetPromptResult,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js'
import type { Scope } from '../../lib/scopes.js'
import { type ApiSender, type DerivedTool, requestOf, ToolArgumentError, toolsFor } from './tools.js'

/** The name and version MCP clients see (the package's). */
export const serverInfo = { name: 'shopapi', version: '0.1.0' }

export const openApiResourceUri = 'shopapi://openapi.json'
export const shopResourceUri = 'shopapi://shop'

const instructions =
  "Tools for one auto-repair shop's data through its API (shopapi), limited to what the API key's scopes allow. " +
  'Ids are public ids such as cus_..., apt_..., ro_...; lists are paged with `cursor`. ' +
  'Read the shop profile resource for its time zone before reasoning about dates.'

export interface McpServerOptions {
  /** Every tool that may be offered (deriveTools of the operations). */
  tools: DerivedTool[]
  /** The scopes of the caller's key: only the tools they allow are listed and callable. */
  scopes: ReadonlySet<Scope>
  /** How a call reaches the API: the same runner, scopes, redaction, rate limits and events as REST. */
  send: ApiSender
}

/** The JSON of an answer as a tool result: an API refusal (its error envelope) is an error result. */
function toolResult(status: number, body: unknown): CallToolResult {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2)
  return { content: [{ type: 'text', text }], ...(status >= 400 ? { isError: true } : {}) }
}

/** A prompt's messages: one user message, its steps one a line. */
function userPrompt(lines: string[]): GetPromptResult {
  return { messages: [{ role: 'user', content: { type: 'text', text: lines.join('\n') } }] }
}

/**
 * One MCP server over the API for one key: tools from the operations (tools.ts), the OpenAPI document
 * and the shop profile as resources, and prompts for a service writer. The official SDK's McpServer
 * handles the protocol; tools are answered from its low-level handlers, because the SDK would parse
 * the arguments with the zod schemas itself and hand over their outputs (Temporal instants, money),
 * where the API must receive what the assistant sent and answer it in its own words.
 */
export function createMcpServer({ tools, scopes, send }: McpServerOptions): McpServer {
  const allowed = toolsFor(tools, scopes)
  const byName = new Map(allowed.map((tool) => [tool.name, tool]))
  const mcp = new McpServer(serverInfo, { capabilities: { tools: { listChanged: false } }, instructions })

  mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: allowed.map(({ name, title, description, inputSchema, annotations }) => ({
      name,
      title,
      description,
      inputSchema,
      annotations,
    })),
  }))

  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name)
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${request.params.name}: tools/list names those this key may call`,
      )
    }
    const args = request.params.arguments ?? {}
    const isWrite = tool.operation.method !== 'GET'
    try {
      const response = await send(requestOf(tool, args, isWrite ? randomUUID() : undefined))
      return toolResult(response.status, response.body)
    } catch (error) {
      if (error instanceof ToolArgumentError) return toolResult(400, error.message)
      throw error
    }
  })

  const readJson = async (uri: URL, path: string) => {
    const response = await send({ method: 'GET', path })
    if (response.status >= 400) {
      const message = (response.body as { error?: { message?: string } })?.error?.message ?? `HTTP ${response.status}`
      throw new McpError(ErrorCode.InvalidRequest, `${path}: ${message}`)
    }
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(response.body, null, 2) }] }
  }
  mcp.registerResource(
    'openapi',
    openApiResourceUri,
    {
      title: 'OpenAPI document',
      description: 'The OpenAPI 3.1 document of API v1, as the API serves it (GET /v1/openapi.json)',
      mimeType: 'application/json',
    },
    (uri) => readJson(uri, '/v1/openapi.json'),
  )
  if (scopes.has('shop.read')) {
    mcp.registerResource(
      'shop',
      shopResourceUri,
      {
        title: 'Shop profile',
        description: 'The shop: name, time zone, currency, capabilities (GET /v1/shop)',
        mimeType: 'application/json',
      },
      (uri) => readJson(uri, '/v1/shop'),
    )
  }

  const has = (name: string) => byName.has(name)
  if (has('listAppointments')) {
    mcp.registerPrompt(
      'todays_appointments',
      {
        title: "Today's appointments",
        description: "The shop's appointments for today, in its time zone, with who is coming and for what",
      },
      () =>
        userPrompt([
          "List today's appointments at the shop.",
          `1. Read the shop profile resource (${shopResourceUri}) or call getShop for its time zone, and work out today's date there.`,
          "2. Call listAppointments with scheduled_date_from and scheduled_date_to both set to today's date (YYYY-MM-DD, the shop's own calendar); follow `next_cursor` until there is none.",
          '3. For each appointment give the time, the customer and vehicle (getCustomer, getVehicle when only ids are given), the reason, and its status; say which are not yet confirmed or checked in.',
          'Change nothing.',
        ]),
    )
  }
  if (has('listRepairOrders')) {
    mcp.registerPrompt(
      'awaiting_authorization',
      {
        title: 'Waiting for authorization',
        description: "Repair orders and jobs waiting for the customer's authorization",
      },
      () =>
        userPrompt([
          "Find the work waiting for the customer's authorization.",
          '1. Call listRepairOrders with state=awaiting_authorization; follow `next_cursor` until there is none.',
          '2. For each, call listRepairOrderJobs and keep the jobs whose decision_state is `pending`.',
          '3. Answer with one line per repair order: its number, the customer and vehicle, the pending jobs and their totals, and how long it has waited. Fields listed in `redacted_fields` are hidden from this key: say so, do not guess them.',
          'Change nothing.',
        ]),
    )
  }
  return mcp
}

import { z } from 'zod'
import type { Scope } from '../../lib/scopes.js'
import type { Operation } from '../../platform/operation.js'

/**
 * MCP tools derived from the API's operations (docs/decisions/assistants.md): one per operation, named
 * by its operationId, described by its summary and description, its input schema built from the
 * operation's own zod schemas. Nothing here is written per operation: a new operation is a new tool.
 */

/** What a tool call asks of the API: one request, sent by the transport's own `ApiSender`. */
export interface ApiRequest {
  method: Operation['method']
  /** The path below the origin, /v1 included, its ids filled in and its query string appended. */
  path: string
  body?: unknown
  /** Sent as the Idempotency-Key header (writes only). */
  idempotencyKey?: string
}

export interface ApiResponse {
  status: number
  /** The parsed JSON body (the error envelope for a refusal), or the text when it was not JSON. */
  body: unknown
}

/** Sends one request to the API as the caller's key: the API's own runner answers it. */
export type ApiSender = (request: ApiRequest) => Promise<ApiResponse>

export interface DerivedTool {
  name: string
  title: string
  description: string
  inputSchema: { type: 'object'; [key: string]: unknown }
  annotations: {
    title: string
    readOnlyHint: boolean
    destructiveHint: boolean
    idempotentHint: boolean
    openWorldHint: boolean
  }
  operation: Operation
  /** The path parameters, read from the top level of the arguments. */
  pathNames: string[]
  /** The query parameters, read from the top level of the arguments. */
  queryNames: string[]
}

export const idempotencyNote =
  'An Idempotency-Key is created for each call: a call is one request; calling again makes a new change.'

/**
 * Whether an operation may be offered to an assistant at all: not `assistant: 'hidden'` (declared on the
 * operation, with its reason), and not one served without a key (the OpenAPI document is a resource).
 */
export function offeredToAssistants(operation: Operation): boolean {
  return operation.assistant !== 'hidden' && operation.scopes !== null
}

function shapeOf(schema: z.ZodType | undefined, what: string, operationId: string): Record<string, z.ZodType> {
  if (!schema) return {}
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>
  throw new Error(`${operationId}: its ${what} schema is not an object, so it cannot become tool arguments`)
}

/** The tool of one operation (`offeredToAssistants` decides whether it is listed). */
export function deriveTool(operation: Operation): DerivedTool {
  const { operationId } = operation
  const pathShape = shapeOf(operation.params, 'path', operationId)
  const queryShape = shapeOf(operation.query, 'query', operationId)
  const shape: Record<string, z.ZodType> = { ...pathShape }
  for (const [name, schema] of Object.entries(queryShape)) {
    if (name in shape || name === 'body')
      throw new Error(`${operationId}: query parameter ${name} clashes with a path parameter`)
    shape[name] = schema
  }
  if (operation.body) {
    shape.body = operation.bodyRequired
      ? operation.body
      : operation.body.optional().meta({ description: 'The JSON request body (optional)' })
  }
  // The input side of each schema (what the API accepts, before its transforms), in one document
  // so that the $defs shared by the parts resolve from its root.
  const jsonSchema = z.toJSONSchema(z.object(shape), {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>
  delete jsonSchema.$schema
  const isWrite = operation.method !== 'GET'
  const description = [operation.summary, operation.description, isWrite ? idempotencyNote : undefined]
    .filter(Boolean)
    .join('\n\n')
  return {
    name: operationId,
    title: operation.summary,
    description,
    inputSchema: { ...jsonSchema, type: 'object' },
    annotations: {
      title: operation.summary,
      readOnlyHint: !isWrite,
      destructiveHint: false,
      idempotentHint: !isWrite,
      openWorldHint: false,
    },
    operation,
    pathNames: Object.keys(pathShape),
    queryNames: Object.keys(queryShape),
  }
}

/** The tools a key holding `scopes` may call, in the order of the operations. */
export function toolsFor(tools: DerivedTool[], scopes: ReadonlySet<Scope>): DerivedTool[] {
  return tools.filter((tool) => (tool.operation.scopes ?? []).every((scope) => scopes.has(scope)))
}

/** Every tool of `operations` that may be offered to an assistant, derived once. */
export function deriveTools(operations: Operation[]): DerivedTool[] {
  return operations.filter(offeredToAssistants).map(deriveTool)
}

/** The request a tool call stands for: ids into the path, other top-level arguments into the query. */
export function requestOf(tool: DerivedTool, args: Record<string, unknown>, idempotencyKey?: string): ApiRequest {
  const missing = tool.pathNames.filter((name) => typeof args[name] !== 'string' || args[name] === '')
  if (missing.length > 0) throw new ToolArgumentError(`Missing ${missing.join(', ')}`)
  const path = tool.operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(args[name])))
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(args)) {
    if (tool.pathNames.includes(name) || name === 'body' || value === undefined || value === null) continue
    // Unknown names go to the query too: the API refuses them in its own words.
    for (const item of Array.isArray(value) ? value : [value]) {
      query.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item))
    }
  }
  const search = query.toString()
  return {
    method: tool.operation.method,
    path: `/v1${path}${search ? `?${search}` : ''}`,
    ...(args.body !== undefined ? { body: args.body } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  }
}

export class ToolArgumentError extends Error {}

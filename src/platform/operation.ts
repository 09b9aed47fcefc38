import type { z } from 'zod'
import type { Queryable } from '../db/pool.js'
import { ApiError } from '../lib/errors.js'
import type { Scope } from '../lib/scopes.js'
import { findUnstorableText } from '../lib/text.js'
import type { AppDeps } from './deps.js'
import type { Actor } from './events.js'
import { installInputMessages } from './input-messages.js'
import type { AuthContext } from './tenancy/api-keys.js'

/**
 * One operation of the public API: the single source for its route, its input validation, its
 * authorisation and its OpenAPI entry. Route modules export arrays of these.
 */
export interface Operation<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
  TPrepared = unknown,
> {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** OpenAPI path below /v1, e.g. `/customers/{public_id}`. */
  path: string
  operationId: string
  summary: string
  description?: string
  tag: string
  /** Scopes the key must hold; null for the few operations served without a key. */
  scopes: Scope[] | null
  /** Scopes that change what the response shows without gating the operation (spec "Redaction"). */
  conditionalScopes?: Scope[]
  params?: TParams
  query?: TQuery
  body?: TBody
  bodyRequired?: boolean
  /** Idempotency-Key handling (spec "Common rules" 3); writes without it run once per request. */
  idempotency?: 'required' | 'optional'
  /**
   * `hidden`: never offered to AI assistants as an MCP tool (docs/decisions/assistants.md), because it
   * destroys data, moves money, or hands the shop's data or secrets to a place of the caller's choosing.
   * The REST API serves it as ever. DELETE operations are never offered whether marked or not.
   */
  assistant?: 'hidden'
  success: { status: 200 | 201 | 202; description: string; schema: z.ZodType }
  /** A second success status with the same body (the handler answers it with `answerWith`). */
  alsoSucceeds?: { status: 200 | 201 | 202; description: string }
  /**
   * Slow work that needs no database (DNS, say), run before the transaction opens so that it never
   * holds a pooled connection; its result reaches the handler as `prepared`. Not run when an
   * Idempotency-Key replays a stored result.
   */
  prepare?: (
    context: Omit<OperationContext<z.output<TParams>, z.output<TQuery>, z.output<TBody>>, 'db' | 'prepared'>,
  ) => Promise<TPrepared>
  handler: (
    context: OperationContext<z.output<TParams>, z.output<TQuery>, z.output<TBody>, TPrepared>,
  ) => Promise<unknown>
}

export interface OperationContext<P, Q, B, R = unknown> {
  params: P
  query: Q
  body: B
  auth: AuthContext
  deps: AppDeps
  /** Reads: the pool. Writes: the one transaction of the change, its events and its idempotency record. */
  db: Queryable
  /** Who the change is attributed to in events. */
  actor: Actor
  /** What `prepare` returned (undefined without one). */
  prepared: R
}

/** A handler's answer with the operation's `alsoSucceeds` status instead of `success.status`. */
export class Answer {
  constructor(
    readonly status: 200 | 201 | 202,
    readonly body: unknown,
  ) {}
}

export function answerWith(status: 200 | 201 | 202, body: unknown): Answer {
  return new Answer(status, body)
}

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R = undefined>(
  operation: Operation<P, Q, B, R>,
): Operation {
  return operation as unknown as Operation
}

/** A field name as an error shows it: an unknown key of a megabyte is not echoed whole. */
const shortened = (name: string) => (name.length > 100 ? `${name.slice(0, 100)}…` : name)

installInputMessages()

/** Custom issues may name the envelope code they stand for (ids and cursors have codes of their own). */
const customIssueCodes = new Set(['invalid_id', 'invalid_cursor'])

/** The value at a zod issue's path in the raw input (undefined when the path leads nowhere). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/**
 * Turns the first zod issue into the envelope's invalid_request (or invalid_id, invalid_cursor) with
 * `param`. Whatever the schema, a value holding NUL or a lone surrogate is refused too: after the
 * schema, so an id or a cursor keeps its own code, and before anything reaches the database.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  location: 'body' | 'query' | 'path',
): z.output<T> {
  const result = schema.safeParse(input ?? (location === 'body' ? undefined : {}))
  if (result.success) {
    const unstorable = findUnstorableText(input)
    if (unstorable) {
      const param = unstorable.map(shortened).join('.') || null
      // Path parameters are ids (spec "Identifiers"): a malformed one is invalid_id.
      throw new ApiError(
        location === 'path' ? 'invalid_id' : 'invalid_request',
        `${param ? `${param}: ` : ''}text must not contain NUL (\\u0000) or unpaired UTF-16 surrogates`,
        { param },
      )
    }
    return result.data
  }
  const issue = result.error.issues[0]
  if (!issue) throw new ApiError('invalid_request', `Invalid ${location}`)
  if (issue.code === 'unrecognized_keys') {
    const key = [...issue.path.map(String), issue.keys[0] ?? ''].map(shortened).join('.')
    const where = location === 'body' ? 'body field' : 'query parameter'
    throw new ApiError('invalid_request', `Unknown ${where} "${key}"`, { param: key })
  }
  const param = issue.path.map(String).join('.') || null
  const customCode = issue.code === 'custom' ? (issue.params as { code?: string } | undefined)?.code : undefined
  if (customCode && customIssueCodes.has(customCode)) {
    throw new ApiError(customCode as 'invalid_id' | 'invalid_cursor', issue.message, { param })
  }
  if (location === 'body' && issue.path.length === 0 && issue.code === 'invalid_type') {
    throw new ApiError('invalid_request', 'The request body must be a JSON object', { param: null })
  }
  // A null where none is allowed (a required field, or an enum such as a status): said as such.
  if (
    (issue.code === 'invalid_type' || issue.code === 'invalid_value') &&
    param &&
    valueAt(input, issue.path) === null
  ) {
    throw new ApiError('invalid_request', `${param} cannot be null (omit it to leave it unchanged)`, { param })
  }
  const subject = param ? `${param}: ` : ''
  throw new ApiError('invalid_request', `${subject}${issue.message}`, { param })
}

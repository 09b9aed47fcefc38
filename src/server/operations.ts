import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import { z } from 'zod'
import { type Queryable, withTransaction } from '../db/pool.js'
import { ApiError } from '../lib/errors.js'
import type { Scope } from '../lib/scopes.js'
import { isStorableText } from '../lib/text.js'
import type { AuthContext } from '../services/api-keys.js'
import type { Actor } from '../services/events.js'
import {
  claimKey,
  completeKey,
  findCompletedResult,
  type IdempotencyScope,
  requestFingerprint,
  type StoredResult,
} from '../services/idempotency.js'
import type { AppDeps } from './deps.js'

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
  success: { status: 200 | 201 | 202; description: string; schema: z.ZodType }
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
  request: FastifyRequest
  reply: FastifyReply
  /** Reads: the pool. Writes: the one transaction of the change, its events and its idempotency record. */
  db: Queryable
  /** Who the change is attributed to in events. */
  actor: Actor
  /** What `prepare` returned (undefined without one). */
  prepared: R
}

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R = undefined>(
  operation: Operation<P, Q, B, R>,
): Operation {
  return operation as unknown as Operation
}

/** A field name as an error shows it: an unknown key of a megabyte is not echoed whole. */
const shortened = (name: string) => (name.length > 100 ? `${name.slice(0, 100)}…` : name)

/** Custom issues may name the envelope code they stand for (ids and cursors have codes of their own). */
const customIssueCodes = new Set(['invalid_id', 'invalid_cursor'])

/**
 * The first string (or object key) of a request input that Postgres cannot store: NUL, or a lone
 * UTF-16 surrogate (which pg would silently write as U+FFFD). Linear in the input's size.
 */
function findUnstorableText(value: unknown): string[] | null {
  // The path is built only on the way back from a find: every request passes through here, and
  // almost none holds such text, so the walk allocates nothing per key.
  if (typeof value === 'string') return isStorableText(value) ? null : []
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnstorableText(value[index])
      if (found) return [String(index), ...found]
    }
  } else if (value && typeof value === 'object') {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue
      if (!isStorableText(key)) return [key]
      const found = findUnstorableText((value as Record<string, unknown>)[key])
      if (found) return [key, ...found]
    }
  }
  return null
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
  if (issue.code === 'invalid_type' && issue.message.endsWith('received null') && param) {
    throw new ApiError('invalid_request', `${param} cannot be null (omit it to leave it unchanged)`, { param })
  }
  const subject = param ? `${param}: ` : ''
  throw new ApiError('invalid_request', `${subject}${issue.message}`, { param })
}

// An operation that declares no query parameters takes none: `?expected_version=1` on a PATCH must
// not be silently ignored (it would skip the version check the caller asked for).
const noQueryParameters = z.strictObject({})

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scopes the route needs; absent for routes served without a key. */
    scopes?: Scope[]
  }
  interface FastifyRequest {
    auth?: AuthContext
  }
}

const visibleAscii = /^[\x21-\x7e]{1,255}$/

/** The Idempotency-Key header, checked (spec "Common rules" 3), or undefined when absent and allowed. */
function readIdempotencyKey(request: FastifyRequest, mode: 'required' | 'optional'): string | undefined {
  const header = request.headers['idempotency-key']
  if (header === undefined) {
    if (mode === 'required') {
      throw new ApiError(
        'idempotency_key_required',
        'This operation needs an Idempotency-Key header (1-255 visible ASCII characters, e.g. a UUID)',
        { param: 'Idempotency-Key' },
      )
    }
    return undefined
  }
  const value = Array.isArray(header) ? header.join(',') : header
  if (!visibleAscii.test(value)) {
    throw new ApiError('invalid_request', 'Idempotency-Key must be 1-255 visible ASCII characters (0x21-0x7E)', {
      param: 'Idempotency-Key',
    })
  }
  return value
}

function sendStored(reply: FastifyReply, result: StoredResult, replayed: boolean) {
  if (replayed) reply.header('idempotent-replayed', 'true')
  return reply.code(result.status).type('application/json; charset=utf-8').send(result.body)
}

/** The path with its ids filled in, so `/customers/x` and `/customers/x/` count as one request. */
function resolvedPath(template: string, params: unknown): string {
  const values = params as Record<string, string>
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
}

// Sentinel: another request committed this key while we waited for it; answer from its record.
class KeyTakenMeanwhile extends Error {}

export function registerOperations(app: FastifyInstance, operations: Operation[], deps: AppDeps): void {
  for (const operation of operations) {
    const isWrite = operation.method !== 'GET'
    app.route({
      method: operation.method as HTTPMethods,
      url: operation.path.replace(/\{(\w+)\}/g, ':$1'),
      config: operation.scopes ? { scopes: operation.scopes } : {},
      handler: async (request, reply) => {
        const params = operation.params ? parseInput(operation.params, request.params, 'path') : {}
        const query = parseInput(operation.query ?? noQueryParameters, request.query, 'query')
        let body: unknown
        if (operation.body) {
          if (request.body === undefined && operation.bodyRequired) {
            throw new ApiError('invalid_request', 'This operation needs a JSON body', { param: null })
          }
          body = request.body === undefined ? undefined : parseInput(operation.body, request.body, 'body')
        } else if (isWrite && request.body !== undefined) {
          // No body is defined: `{}` is harmless, anything in it is an unknown field.
          const fields = request.body && typeof request.body === 'object' ? Object.keys(request.body) : null
          if (!fields || Array.isArray(request.body) || fields.length > 0) {
            const field = fields?.[0]
            throw new ApiError(
              'invalid_request',
              field ? `Unknown body field "${field}": this operation takes no body` : 'This operation takes no body',
              { param: field ?? null },
            )
          }
        }
        const auth = request.auth as AuthContext
        const actor: Actor = { shopId: auth?.shopId, integrationId: auth?.integrationId ?? null }
        const context = { params, query, body, auth, deps, request, reply, actor }
        if (!isWrite) {
          const prepared = operation.prepare ? await operation.prepare(context) : undefined
          const result = await operation.handler({ ...context, prepared, db: deps.pool })
          reply.code(operation.success.status)
          return result
        }

        const key = operation.idempotency ? readIdempotencyKey(request, operation.idempotency) : undefined
        const scope: IdempotencyScope = { shopId: auth.shopId, integrationId: auth.integrationId }
        const fingerprint = key
          ? requestFingerprint(operation.method, resolvedPath(operation.path, params), request.body)
          : undefined
        let prepared: unknown
        if (operation.prepare) {
          // A replay answers from its record without repeating the slow preparation (which could
          // now answer differently, e.g. a url whose DNS has since failed).
          const stored =
            key && fingerprint && (await findCompletedResult(deps.pool, scope, key, fingerprint, deps.secrets.sealKey))
          if (stored) return sendStored(reply, stored, true)
          prepared = await operation.prepare(context)
        }
        try {
          const result = await withTransaction(deps.pool, async (tx) => {
            // No lookup first: a new key (the usual case) costs one statement, and a used key answers
            // the claim at once, or after the request holding it finishes.
            if (key && fingerprint && !(await claimKey(tx, scope, key, fingerprint))) throw new KeyTakenMeanwhile()
            const resource = await operation.handler({ ...context, prepared, db: tx })
            const stored: StoredResult = { status: operation.success.status, body: JSON.stringify(resource) }
            if (key) await completeKey(tx, scope, key, stored, deps.secrets.sealKey)
            return stored
          })
          return sendStored(reply, result, false)
        } catch (error) {
          if (!(error instanceof KeyTakenMeanwhile) || !key || !fingerprint) throw error
          const stored = await findCompletedResult(deps.pool, scope, key, fingerprint, deps.secrets.sealKey)
          if (!stored) {
            throw new ApiError(
              'idempotency_key_in_use',
              'Another request with this Idempotency-Key is still being processed; retry in a few seconds',
              { param: 'Idempotency-Key', headers: { 'retry-after': '2' } },
            )
          }
          return sendStored(reply, stored, true)
        }
      },
    })
  }
}

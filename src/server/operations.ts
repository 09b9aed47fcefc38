import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import { z } from 'zod'
import { withTransaction } from '../db/pool.js'
import { ApiError } from '../lib/errors.js'
import type { Scope } from '../lib/scopes.js'
import type { AppDeps } from '../platform/deps.js'
import type { Actor } from '../platform/events.js'
import {
  claimed,
  claimKeyStatement,
  completeKeyStatement,
  findCompletedResult,
  type IdempotencyScope,
  keyInUse,
  requestFingerprint,
  type StoredResult,
} from '../platform/idempotency.js'
import { Answer, type Operation, parseInput } from '../platform/operation.js'
import { applyRedaction, type RedactedField, redactedFieldsOf, redactStoredJson } from '../platform/redaction.js'
import type { AuthContext } from '../platform/tenancy/api-keys.js'
import { errorEnvelope } from './plugins/errors.js'
import { holdingSlot } from './plugins/in-flight.js'

// An operation that declares no query parameters takes none: `?expected_version=1` on a PATCH must
// not be silently ignored (it would skip the version check the caller asked for).
const noQueryParameters = z.strictObject({})

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scopes the route needs; absent for routes served without a key. */
    scopes?: Scope[]
    /** The name requests are counted under in the metrics: the operation id, or the route's own name. */
    operationId?: string
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

function sendStored(reply: FastifyReply, result: StoredResult) {
  return reply.code(result.status).type('application/json; charset=utf-8').send(result.body)
}

/**
 * A stored result replayed: redacted for the scopes the integration has now (spec "Redaction"). A
 * stored refusal is sent as it was answered, its envelope's request_id the first request's.
 */
function sendReplay(reply: FastifyReply, result: StoredResult, fields: RedactedField[], auth: AuthContext) {
  reply.header('idempotent-replayed', 'true')
  if (result.status >= 400) return sendStored(reply.header('cache-control', 'no-store'), result)
  return sendStored(reply, { status: result.status, body: redactStoredJson(result.body, fields, auth.scopes) })
}

/**
 * Whether a refusal binds the Idempotency-Key (docs/decisions/api-conventions.md, Idempotency-Key):
 * the operation's own answer to this request (a 400 of its rules, a 404 inside it, a 409 blocker or
 * version conflict, 422), as Stripe stores the result of every request that began executing. Not a
 * refusal that says "retry" (Retry-After: a row lock waited out, a key in use), not the key's scopes,
 * and never a 5xx: the same request may pass later, so it must be able to run again.
 */
function bindsIdempotencyKey(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 403, 429].includes(error.status) &&
    error.headers['retry-after'] === undefined
  )
}

/** What a write's transaction returns: the result to store, and the refusal to answer with when it is one. */
type WriteResult = StoredResult & { refusal?: ApiError }

/**
 * The statements that claim an Idempotency-Key with the transaction's BEGIN and store its result with
 * the COMMIT (TransactionSteps): an idempotent write costs no round trip of its own.
 */
function keyedSteps(scope: IdempotencyScope, key: string, fingerprint: Buffer, sealKey: Uint8Array) {
  return {
    opening: claimKeyStatement(scope, key),
    closing: (stored: WriteResult) =>
      completeKeyStatement(scope, key, fingerprint, { status: stored.status, body: stored.body }, sealKey),
  }
}

/** The path with its ids filled in, so `/customers/x` and `/customers/x/` count as one request. */
function resolvedPath(template: string, params: unknown): string {
  const values = params as Record<string, string>
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '')
}

// Sentinel: another request committed this key while we waited for it; answer from its record.
class KeyTakenMeanwhile extends Error {}

/** The status and body of a handler's result: its `Answer`, or the operation's success status. */
function answered(operation: Operation, result: unknown): { status: number; body: unknown } {
  if (result instanceof Answer) return { status: result.status, body: result.body }
  return { status: operation.success.status, body: result }
}

export function registerOperations(app: FastifyInstance, operations: Operation[], deps: AppDeps): void {
  for (const operation of operations) {
    const isWrite = operation.method !== 'GET'
    // Field capabilities (spec "Redaction") come from the response schema's declarations.
    const redacted = redactedFieldsOf(operation.success.schema)
    app.route({
      method: operation.method as HTTPMethods,
      url: operation.path.replace(/\{(\w+)\}/g, ':$1'),
      config: operation.scopes
        ? { scopes: operation.scopes, operationId: operation.operationId }
        : { operationId: operation.operationId },
      // The key's in-flight slot is held until the handler settles, even when its client hung up first.
      handler: holdingSlot(async (request, reply) => {
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
        const context = { params, query, body, auth, deps, actor }
        if (!isWrite) {
          const prepared = operation.prepare ? await operation.prepare(context) : undefined
          const { status, body } = answered(operation, await operation.handler({ ...context, prepared, db: deps.pool }))
          if (redacted.length > 0) applyRedaction(body, redacted, auth.scopes)
          reply.code(status)
          return body
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
          if (stored) return sendReplay(reply, stored, redacted, auth)
          prepared = await operation.prepare(context)
        }
        // Idempotent writes cost three round trips: BEGIN with the key's claim, the change with its
        // events, and the sealed result with COMMIT (TransactionSteps).
        const steps = key && fingerprint ? keyedSteps(scope, key, fingerprint, deps.secrets.sealKey) : {}
        let claimAnswered = false
        try {
          let result: WriteResult
          try {
            result = await withTransaction<WriteResult>(
              deps.pool,
              async (tx, opened) => {
                claimAnswered = true
                if (key && !claimed(opened)) throw new KeyTakenMeanwhile()
                const { status, body } = answered(operation, await operation.handler({ ...context, prepared, db: tx }))
                if (redacted.length > 0) applyRedaction(body, redacted, auth.scopes)
                return { status, body: JSON.stringify(body) }
              },
              steps,
            )
          } catch (error) {
            // The operation refused this request: its transaction is undone, and its answer is kept
            // under the key (replayed for 7 days, another body refused for 30) by a transaction of its
            // own, so the write that succeeds needs no savepoint (a subtransaction on every write).
            // Between the two, another request with the key may claim it: this one then answers
            // from that one's record, as it would had it arrived second.
            if (!key || !fingerprint || !bindsIdempotencyKey(error)) throw error
            const refusal = error
            claimAnswered = false
            result = await withTransaction<WriteResult>(
              deps.pool,
              async (_tx, opened) => {
                claimAnswered = true
                if (!claimed(opened)) throw new KeyTakenMeanwhile()
                return { status: refusal.status, body: JSON.stringify(errorEnvelope(refusal, request.id)), refusal }
              },
              steps,
            )
          }
          // Answered by the errors plugin, as any refusal: the body it writes is the one stored.
          if (result.refusal) throw result.refusal
          return sendStored(reply, result)
        } catch (error) {
          // The claim waited out the lock timeout: the request holding the key is still running.
          if (key && !claimAnswered && (error as { code?: string }).code === '55P03') throw keyInUse()
          if (!(error instanceof KeyTakenMeanwhile) || !key || !fingerprint) throw error
          const stored = await findCompletedResult(deps.pool, scope, key, fingerprint, deps.secrets.sealKey)
          if (!stored) throw keyInUse()
          return sendReplay(reply, stored, redacted, auth)
        }
      }),
    })
  }
}

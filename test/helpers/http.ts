import { randomUUID } from 'node:crypto'
import type { Test } from 'tap'
import type { TestApp } from './app.js'

export interface ErrorBody {
  error: { code: string; message: string; param: string | null; request_id: string | null; blockers: unknown[] }
}

export interface Reply<T> {
  status: number
  headers: Headers
  text: string
  body: T
}

/**
 * One JSON request on the app's real socket: `body` is sent as JSON (or `rawBody` as is) with
 * Content-Type application/json, `idempotencyKey` as the header (even an empty one) unless null or absent.
 */
export async function sendJson<T>(
  api: TestApp,
  method: string,
  path: string,
  key: string,
  options: { body?: unknown; rawBody?: string; idempotencyKey?: string | null | undefined } = {},
): Promise<Reply<T>> {
  const body = options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined)
  const headers: Record<string, string> = {}
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (typeof options.idempotencyKey === 'string') headers['idempotency-key'] = options.idempotencyKey
  const response = await api.request(path, { method, key, headers, ...(body !== undefined ? { body } : {}) })
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as T }
}

/** What a request of `jsonClient` carries besides its method, path and key. */
export interface JsonRequest {
  body?: unknown
  /** Sent as is instead of `body` (bytes a JSON encoder would not write). */
  rawBody?: string
  /** The Idempotency-Key header as given (null: none); when absent, `freshKeys` decides. */
  idempotencyKey?: string | null
}

/**
 * The request function a test file uses: `sendJson` on `api`, `path` under `prefix` ('/v1' unless
 * given), and a fresh Idempotency-Key on the requests `freshKeys` names when the test gives none:
 * 'writes' (every method but GET, the default), 'posts' (POST only: PATCH, PUT and DELETE then go
 * without one, as an integrator may send them) or 'none' (the tests of the header itself). Every
 * response is checked against the served OpenAPI document by the test app itself (startTestApp),
 * whoever sends the request.
 */
export function jsonClient<Default = unknown>(
  api: TestApp,
  options: { prefix?: string; freshKeys?: 'writes' | 'posts' | 'none' } = {},
) {
  const prefix = options.prefix ?? '/v1'
  const freshKeys = options.freshKeys ?? 'writes'
  const wantsKey = (method: string) =>
    freshKeys === 'writes' ? method !== 'GET' : freshKeys === 'posts' ? method === 'POST' : false
  return <T = Default>(method: string, path: string, key: string, request: JsonRequest = {}): Promise<Reply<T>> => {
    const idempotencyKey =
      request.idempotencyKey !== undefined ? request.idempotencyKey : wantsKey(method) ? randomUUID() : null
    return sendJson<T>(api, method, `${prefix}${path}`, key, { ...request, idempotencyKey })
  }
}

/** The error envelope an integrator checks: status, code, a message, and `param` when given. */
export function assertError(t: Test, reply: Reply<unknown>, status: number, code: string, param?: string | null) {
  const body = reply.body as ErrorBody
  t.equal(reply.status, status, `HTTP ${status}`, { body })
  t.equal(body.error?.code, code, `code ${code}`, { body })
  t.type(body.error?.message, 'string')
  // JSON-quoted in the assertion's name: a param may hold control bytes (NUL) that must not reach the log raw.
  if (param !== undefined) t.equal(body.error?.param, param, `param ${JSON.stringify(param)}`)
}

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

/** The error envelope an integrator checks: status, code, a message, and `param` when given. */
export function assertError(t: Test, reply: Reply<unknown>, status: number, code: string, param?: string | null) {
  const body = reply.body as ErrorBody
  t.equal(reply.status, status, `HTTP ${status}`, { body })
  t.equal(body.error?.code, code, `code ${code}`, { body })
  t.type(body.error?.message, 'string')
  // JSON-quoted in the assertion's name: a param may hold control bytes (NUL) that must not reach the log raw.
  if (param !== undefined) t.equal(body.error?.param, param, `param ${JSON.stringify(param)}`)
}

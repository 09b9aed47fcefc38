import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import fp from 'fastify-plugin'
import { isDatabaseUnavailable, isStatementTimeout } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { newPublicId } from '../../lib/ids.js'

const fastifyCodeToApiError: Record<string, (error: FastifyError) => ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ApiError('payload_too_large', 'The request body is larger than 1 MB'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (error) =>
    new ApiError(
      'invalid_json',
      `Request bodies must be JSON sent as Content-Type: application/json (${error.message})`,
    ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new ApiError('invalid_request', 'The Content-Length header does not match the body'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new ApiError('invalid_json', 'The body is empty but Content-Type is application/json'),
  // The router decodes only path parameters, and every path parameter is an id (spec "Identifiers").
  FST_ERR_BAD_URL: () =>
    new ApiError('invalid_request', 'The request path is not valid percent-encoded UTF-8 (such as %E0%A4%A)'),
  FST_ERR_MAX_PARAM_LENGTH: () =>
    new ApiError('invalid_id', 'The id in the path is longer than any id', { param: 'public_id' }),
  FST_ERR_ASYNC_CONSTRAINT: () => new ApiError('invalid_request', 'The request could not be routed'),
}

/** Retry-After of a request stopped by the statement timeout: long enough for a busy moment to pass. */
export const statementTimeoutRetryAfterSeconds = '2'

// Postgres errors a client can cause by racing itself: worth a retry, not a 500.
const retryablePostgresCodes = new Set(['55P03', '40P01', '40001'])

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (retryablePostgresCodes.has((error as { code?: string }).code ?? '')) {
    return new ApiError('conflict', 'The record is being changed by another request; retry in a moment', {
      headers: { 'retry-after': '1' },
    })
  }
  // A statement ran past the API pool's statement_timeout and Postgres cancelled it (its transaction
  // rolled back). Not the caller's fault alone: the database may be busy with others, so a later retry
  // can pass; a request that always runs this long needs narrowing (a smaller page, a filter).
  if (isStatementTimeout(error)) {
    return new ApiError(
      'service_unavailable',
      'The request took longer than the database time a request may use and was stopped; nothing was changed. Retry later, or narrow the request (a smaller limit, more filters)',
      { headers: { 'retry-after': statementTimeoutRetryAfterSeconds } },
    )
  }
  // The database restarting or failing over: nothing is wrong with the request, so say when to retry.
  // A write cut during COMMIT is safe to retry with its Idempotency-Key (replayed if it committed).
  if (isDatabaseUnavailable(error)) {
    return new ApiError('service_unavailable', 'The database is unavailable for a moment; retry shortly', {
      headers: { 'retry-after': '1' },
    })
  }
  const fastifyError = error as Partial<FastifyError>
  const mapped = fastifyError.code ? fastifyCodeToApiError[fastifyError.code] : undefined
  if (mapped) return mapped(error as FastifyError)
  if (fastifyError.statusCode === 413) return new ApiError('payload_too_large', 'The request body is larger than 1 MB')
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new ApiError('invalid_request', fastifyError.message ?? 'The request is invalid')
  }
  return new ApiError(
    'internal_error',
    'Something went wrong on our side. Retry later; quote the request id if it persists',
  )
}

/** The body of an error answer, as sendError writes it (and an idempotency record stores it). */
export function errorEnvelope(error: ApiError, requestId: string | null) {
  return {
    error: {
      code: error.code,
      message: error.message,
      param: error.param,
      request_id: requestId,
      blockers: error.blockers,
    },
  }
}

/**
 * Answers with the envelope. `requestId` is null for the edge's own refusals, made before the
 * application took the request (spec "Errors" 1); the X-Request-Id header is sent either way, set
 * here too because some errors are answered before the hook that sets it ran.
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: ApiError,
  requestId: string | null = request.id,
) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value)
  return reply
    .header('x-request-id', request.id)
    .header('cache-control', 'no-store')
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(error, requestId))
}

/**
 * Fastify's `frameworkErrors`: the router refused the URL (bad percent-encoding, an over-long path
 * segment) before any hook or route ran, so this is an edge refusal with request_id null.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const apiError = (error.code === 'FST_ERR_BAD_URL' ? undecodableIdParam(request) : null) ?? toApiError(error)
  request.log.info(
    { request_id: request.id, code: error.code, status: apiError.status },
    'request refused by the router',
  )
  return sendError(request, reply, apiError, null)
}

/**
 * A path segment that is not valid percent-encoded UTF-8 where a route has a path parameter is a
 * wrong id like any other (spec "Identifiers": every path parameter is a typed id): 400 invalid_id
 * naming the parameter. Elsewhere in the path it is a malformed URL, answered by the caller.
 */
function undecodableIdParam(request: FastifyRequest): ApiError | null {
  const [path = '', query] = request.url.split('?', 2)
  const segments = path.split('/')
  const bad = segments.findIndex((segment) => {
    try {
      decodeURIComponent(segment)
      return false
    } catch {
      return true
    }
  })
  if (bad < 0) return null
  const placeholder = 'undecodable0segment'
  segments[bad] = placeholder
  const route = request.server.findRoute({
    method: request.method as HTTPMethods,
    url: segments.join('/') + (query === undefined ? '' : `?${query}`),
  })
  const param = route && Object.entries(route.params).find(([, value]) => value === placeholder)?.[0]
  if (!param) return null
  return new ApiError('invalid_id', `The ${param} in the path is not valid percent-encoded UTF-8`, { param })
}

/** What Node's HTTP parser could not read, as the envelope's error; never a 408 or 431 (not in the contract). */
function clientErrorToApiError(error: NodeJS.ErrnoException): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError(
      'invalid_request',
      'The request line and headers are larger than 16 KB: shorten the query string or the headers',
    )
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    return new ApiError('invalid_request', 'The request was not received in time')
  }
  return new ApiError(
    'invalid_request',
    `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}): check the request line, header names and values, and Content-Length`,
  )
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (a control byte in a header,
 * `Content-Length: abc`, a head over 16 KB) and no request exists. We still answer in the envelope,
 * request_id null, with a fresh X-Request-Id that the log line carries too, then close the connection.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const apiError = clientErrorToApiError(error)
  const requestId = newPublicId('request')
  this.log.info(
    { request_id: requestId, code: error.code, status: apiError.status },
    'request refused by the HTTP parser',
  )
  // Never write into a response already on its way (an error on a keep-alive connection mid-reply).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(errorEnvelope(apiError, null))
    socket.write(
      [
        `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${requestId}`,
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    )
  }
  socket.destroy()
}

/** Unknown routes and methods (spec: no 405). Set at the root and again for /v1, whose hooks it then runs. */
export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]
  return sendError(
    request,
    reply,
    new ApiError(
      'not_found',
      `Unrecognized request URL (${request.method} ${path}); the API reference is at /v1/openapi.json`,
    ),
  )
}

// One envelope for every non-2xx response (spec "Errors"), including the router's and the body
// parser's own failures. Unexpected errors are logged with their stack and answered without it.
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // request.log already carries `request_id` (Fastify's requestIdLogLabel): a line adding it again
  // would hold the key twice, which JSON readers resolve differently (last wins, or an error).
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error)
    // A database away for a moment is expected operations (warn, no stack); anything else 5xx is a bug.
    if (isDatabaseUnavailable(error)) {
      const { code, message } = error as { code?: string; message?: string }
      request.log.warn({ code, reason: message }, 'database unavailable')
    } else if (isStatementTimeout(error)) {
      request.log.warn({ code: '57014', route: request.routeOptions.url ?? null }, 'statement timeout')
    } else if (apiError.status >= 500) {
      request.log.error({ err: error }, 'unhandled error')
    }
    return sendError(request, reply, apiError)
  })

  app.setNotFoundHandler(notFoundHandler)
})

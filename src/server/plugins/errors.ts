import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../../lib/errors.js'

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
    new ApiError('invalid_id', 'The id in the path is not valid percent-encoded UTF-8', { param: 'public_id' }),
  FST_ERR_MAX_PARAM_LENGTH: () =>
    new ApiError('invalid_id', 'The id in the path is longer than any id', { param: 'public_id' }),
  FST_ERR_ASYNC_CONSTRAINT: () => new ApiError('invalid_request', 'The request could not be routed'),
}

// Postgres errors a client can cause by racing itself: worth a retry, not a 500.
const retryablePostgresCodes = new Set(['55P03', '40P01', '40001'])

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  if (retryablePostgresCodes.has((error as { code?: string }).code ?? '')) {
    return new ApiError('conflict', 'The record is being changed by another request; retry in a moment', {
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

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value)
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send({
      error: {
        code: error.code,
        message: error.message,
        param: error.param,
        request_id: request.id,
        blockers: error.blockers,
      },
    })
}

// One envelope for every non-2xx response (spec "Errors"), including the router's and the body
// parser's own failures. Unexpected errors are logged with their stack and answered without it.
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error)
    if (apiError.status >= 500) request.log.error({ err: error, request_id: request.id }, 'unhandled error')
    return sendError(request, reply, apiError)
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]
    return sendError(
      request,
      reply,
      new ApiError(
        'not_found',
        `Unrecognized request URL (${request.method} ${path}); the API reference is at /v1/openapi.json`,
      ),
    )
  })
})

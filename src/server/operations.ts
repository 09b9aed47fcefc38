import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'
import type { z } from 'zod'
import { ApiError } from '../lib/errors.js'
import type { Scope } from '../lib/scopes.js'
import type { AuthContext } from '../services/api-keys.js'
import type { AppDeps } from './deps.js'

/**
 * One operation of the public API: the single source for its route, its input validation, its
 * authorisation and its OpenAPI entry. Route modules export arrays of these.
 */
export interface Operation<
  TParams extends z.ZodType = z.ZodType,
  TQuery extends z.ZodType = z.ZodType,
  TBody extends z.ZodType = z.ZodType,
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
  success: { status: 200 | 201 | 202; description: string; schema: z.ZodType }
  handler: (context: OperationContext<z.output<TParams>, z.output<TQuery>, z.output<TBody>>) => Promise<unknown>
}

export interface OperationContext<P, Q, B> {
  params: P
  query: Q
  body: B
  auth: AuthContext
  deps: AppDeps
  request: FastifyRequest
  reply: FastifyReply
}

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  operation: Operation<P, Q, B>,
): Operation {
  return operation as unknown as Operation
}

/** Turns the first zod issue into the envelope's invalid_request (or invalid_id) with `param`. */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
  location: 'body' | 'query' | 'path',
): z.output<T> {
  const result = schema.safeParse(input ?? (location === 'body' ? undefined : {}))
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw new ApiError('invalid_request', `Invalid ${location}`)
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? ''
    const where = location === 'body' ? 'body field' : 'query parameter'
    throw new ApiError('invalid_request', `Unknown ${where} "${key}"`, { param: key })
  }
  const param = issue.path.map(String).join('.') || null
  if (issue.code === 'custom' && (issue.params as { code?: string } | undefined)?.code === 'invalid_id') {
    throw new ApiError('invalid_id', issue.message, { param })
  }
  if (location === 'body' && issue.path.length === 0 && issue.code === 'invalid_type') {
    throw new ApiError('invalid_request', 'The request body must be a JSON object', { param: null })
  }
  const subject = param ? `${param}: ` : ''
  throw new ApiError('invalid_request', `${subject}${issue.message}`, { param })
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Scopes the route needs; absent for routes served without a key. */
    scopes?: Scope[]
  }
  interface FastifyRequest {
    auth?: AuthContext
  }
}

export function registerOperations(app: FastifyInstance, operations: Operation[], deps: AppDeps): void {
  for (const operation of operations) {
    app.route({
      method: operation.method as HTTPMethods,
      url: operation.path.replace(/\{(\w+)\}/g, ':$1'),
      config: operation.scopes ? { scopes: operation.scopes } : {},
      handler: async (request, reply) => {
        const params = operation.params ? parseInput(operation.params, request.params, 'path') : {}
        const query = operation.query ? parseInput(operation.query, request.query, 'query') : {}
        let body: unknown
        if (operation.body) {
          if (request.body === undefined && operation.bodyRequired) {
            throw new ApiError('invalid_request', 'This operation needs a JSON body', { param: null })
          }
          body = request.body === undefined ? undefined : parseInput(operation.body, request.body, 'body')
        }
        const result = await operation.handler({
          params,
          query,
          body,
          auth: request.auth as AuthContext,
          deps,
          request,
          reply,
        })
        reply.code(operation.success.status)
        return result
      },
    })
  }
}

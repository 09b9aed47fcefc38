import { z } from 'zod'
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi'
import { moneyLimits } from '../lib/money.js'
import { scopeCatalogue } from '../lib/scopes.js'
import { dateRange, instantRange } from '../lib/wall-clock.js'
import type { Operation } from '../platform/operation.js'
import { redactedFieldsOf } from '../platform/redaction.js'
import { markAdditions } from './contract-additions.js'

/** Scopes that only unredact fields of the response: declared on the schema's fields, never gates. */
function conditionalScopes(operation: Operation): string[] {
  const fromSchema = redactedFieldsOf(operation.success.schema).map((field) => field.scope)
  return [...new Set([...(operation.conditionalScopes ?? []), ...fromSchema])].sort()
}

import { ErrorCodeSchema, ErrorEnvelopeSchema } from '../platform/schemas.js'

/**
 * The published contract this server implements (spec "Versioning" 1), not a version of our own: what
 * the product adds is marked `x-shopapi-addition` (contract-additions.ts) and listed in the README's
 * Changelog.
 */
export const contractVersion = '1.0.0-rc.6'

/** What each tag groups, shown by every documentation viewer beside the tag's operations. */
const tagDescriptions: Record<string, string> = {
  Shop: 'The shop the key belongs to: time zone, currency and capabilities. The first call an integration makes.',
  Customers: 'Customers with their address, consent and tags; archived and merged customers stay readable.',
  Vehicles: "Customers' vehicles, found by VIN, plate or unit number; archived and merged vehicles stay readable.",
  Appointments:
    "Bookings on the shop's calendar, their availability per day, and their moves: cancel, check in, convert to a repair order.",
  'Repair orders': 'Work orders opened for a customer and vehicle, with their jobs and workflow state.',
  Jobs: "A repair order's line items, their decision and execution state, and their labor and parts.",
  'Inventory items':
    'Parts, tires, batteries and fluids the shop stocks, with quantities and (with scopes) prices and costs.',
  'Canned jobs': "The shop's ready-made jobs with their parts, to add to repair orders.",
  Technicians: "The shop's technicians and their daily capacity (read only).",
  Tasks: 'To-dos for the shop staff, optionally linked to a customer, vehicle or repair order.',
  Invoices: 'Posted invoices and credit notes: immutable documents whose lines sum to the header to the cent.',
  Payments: 'The signed ledger of payments, refunds and reversals (read only).',
  Events: 'The retained log of every change (30 days), the same envelopes webhooks deliver.',
  'Webhook endpoints': "This integration's webhook endpoints: signed deliveries of the events it subscribes to.",
  Meta: 'About the API itself: this document and the calling key (`GET /me`).',
}

// Spec "Common rules" 9: the statuses every read can answer; writes add 413.
const errorResponses: Record<string, string> = {
  '400': 'Invalid request: bad parameter or body field (param names it), malformed JSON, wrong-type id, bad cursor',
  '401': 'Missing, malformed, unknown, revoked or disabled API key',
  '403': 'The key lacks a scope this operation needs (the message names them)',
  '404': 'No such resource for this shop, or no such route',
  '409': 'Conflict: version mismatch, external id in use, or a workflow refusal with blockers',
  '422': 'Idempotency-Key reused with a different body',
  '429':
    "Rate limited (`rate_limited`): the key's budget per window is spent, the key already has its maximum of requests in flight at once (8 by default; wait for one to finish), or the edge throttle refused the address. Retry-After says when to retry (seconds)",
  '500': 'Unexpected failure; retry later and quote the request id',
  '502': 'Bad gateway (edge)',
  '503':
    'Temporarily unavailable (`service_unavailable`): the database is unreachable, the server is shutting down, or the request ran past the statement timeout (5 s of database work per statement by default) and was stopped with nothing changed. Retry-After says when to retry (seconds); a request that keeps timing out needs narrowing (a smaller limit, more filters)',
  '504': 'Gateway timeout (edge)',
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` })

const idempotencyKeyHeader = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7e]+$/)
  .meta({
    description:
      'Makes a retry safe: the same key with the same body replays the first result for 7 days (with `Idempotent-Replayed: true`), redacted for the scopes the integration has at the replay; the key with a different body is 422 `idempotency_key_reused` for 30 days. The result is whatever the operation answered, its own refusals included (a 409 blocker, a 404, its 400s such as `no_changes`); a request refused before the operation ran (authentication, scopes, throttling, body validation) or with a 5xx binds nothing. Scoped to the integration. 1-255 visible ASCII characters; a UUID is ideal.',
    example: '5f0c8e2a-3b1d-4c8e-9a57-2f6f1f3c9b10',
  })

function successHeaders(authenticated: boolean, idempotent = false) {
  return {
    ...(idempotent ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') } : {}),
    'X-Request-Id': headerRef('X-Request-Id'),
    'Cache-Control': headerRef('Cache-Control'),
    ...(authenticated
      ? {
          'RateLimit-Limit': headerRef('RateLimit-Limit'),
          'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
          'RateLimit-Reset': headerRef('RateLimit-Reset'),
        }
      : {}),
  }
}

function toOpenApiOperation(operation: Operation): ZodOpenApiOperationObject {
  const isWrite = operation.method !== 'GET'
  const errors = Object.fromEntries(
    Object.keys(errorResponses)
      .filter((status) => operation.scopes !== null || !['401', '403'].includes(status))
      .concat(isWrite ? ['413'] : [])
      .sort()
      .map((status) => [status, { $ref: `#/components/responses/Error${status}` }]),
  )
  const requestParams: NonNullable<ZodOpenApiOperationObject['requestParams']> = {}
  if (operation.params) requestParams.path = operation.params as z.ZodObject
  if (operation.query) requestParams.query = operation.query as z.ZodObject
  if (operation.idempotency) {
    const key = idempotencyKeyHeader
    requestParams.header = z.object({ 'Idempotency-Key': operation.idempotency === 'required' ? key : key.optional() })
  }
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    security: operation.scopes ? [{ bearerAuth: [] }] : [],
    'x-required-scopes': operation.scopes ?? [],
    'x-conditional-scopes': conditionalScopes(operation),
    ...(Object.keys(requestParams).length > 0 ? { requestParams } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: operation.bodyRequired ?? false,
            content: { 'application/json': { schema: operation.body } },
          },
        }
      : {}),
    responses: {
      [String(operation.success.status)]: {
        description: operation.success.description,
        headers: successHeaders(operation.scopes !== null, operation.idempotency !== undefined),
        content: { 'application/json': { schema: operation.success.schema } },
      },
      ...(operation.alsoSucceeds
        ? {
            [String(operation.alsoSucceeds.status)]: {
              description: operation.alsoSucceeds.description,
              headers: successHeaders(operation.scopes !== null, operation.idempotency !== undefined),
              content: { 'application/json': { schema: operation.success.schema } },
            },
          }
        : {}),
      ...errors,
    },
  } as ZodOpenApiOperationObject
}

export function buildOpenApiDocument(operations: Operation[]): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {}
  for (const operation of operations) {
    const item = (paths[operation.path] ?? {}) as Record<string, ZodOpenApiOperationObject>
    item[operation.method.toLowerCase()] = toOpenApiOperation(operation)
    paths[operation.path] = item
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))].map((name) => ({
    name,
    ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}),
  }))
  const scopeList = Object.entries(scopeCatalogue)
    .map(([scope, text]) => `- \`${scope}\`: ${text}`)
    .join('\n')

  const document = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Shop Management Public API',
        version: contractVersion,
        // The appliance is run by a shop: integrators reach the shop, which reaches its vendor.
        contact: { name: 'The shop that runs this appliance (the API key came from it)' },
        license: {
          name: 'Proprietary: available to integrations the shop issues an API key to',
          identifier: 'LicenseRef-shopapi-proprietary',
        },
        description:
          "Versioned REST API over an auto-repair shop's data. Every operation needs `Authorization: Bearer <API_KEY>` " +
          'with the scopes in its `x-required-scopes`; write never implies read. Errors share one envelope (`Error`). ' +
          `Every date a request gives lies from ${dateRange.from} to ${dateRange.to}, and every instant from ${instantRange.text} ` +
          `once converted to UTC (400 naming the field otherwise); every amount and total is at most ${moneyLimits.amount} ` +
          'in absolute value.',
      },
      servers: [{ url: '/v1', description: 'This appliance' }],
      tags,
      paths,
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: `API keys are issued by the shop (\`shopapi integrations create\`) and shown once. Scopes:\n${scopeList}`,
          },
        },
        headers: {
          'X-Request-Id': { description: 'Id of this request (req_...)', schema: { type: 'string', pattern: '^req_' } },
          'Cache-Control': { description: 'Always no-store', schema: { type: 'string', const: 'no-store' } },
          'RateLimit-Limit': { description: "Requests allowed in the key's window", schema: { type: 'integer' } },
          'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
          'RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
          'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
          'Idempotent-Replayed': {
            description:
              '`true` when this response is the stored result of an earlier request with the same Idempotency-Key',
            schema: { type: 'string', const: 'true' },
          },
        },
        responses: Object.fromEntries(
          [...Object.entries(errorResponses), ['413', 'Request body larger than 1 MB']].map(([status, description]) => [
            `Error${status}`,
            {
              description: description as string,
              headers: {
                'X-Request-Id': headerRef('X-Request-Id'),
                ...(status === '429' || status === '503' ? { 'Retry-After': headerRef('Retry-After') } : {}),
              },
              content: { 'application/json': { schema: ErrorEnvelopeSchema } },
            },
          ]),
        ),
        schemas: { ErrorCode: ErrorCodeSchema },
      },
    } as Parameters<typeof createDocument>[0],
    {
      // Responses may gain fields within v1 (spec "Versioning" 2), so response objects stay open;
      // request bodies keep additionalProperties: false because unknown fields are rejected.
      override: ({ jsonSchema, io }) => {
        if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties
      },
    },
  )
  dropRefSiblingConstraints(document)
  describeRequestDefaultsInWords(document)
  markAdditions(document as Parameters<typeof markAdditions>[0])
  return { ...document, 'x-scopes': scopeCatalogue } as Record<string, unknown>
}

/**
 * A request field with a default is optional (it is never in `required`), but code generators read a
 * `default` keyword on a component schema as "always present": openapi-typescript types such a field
 * as mandatory (openapi-ts/openapi-typescript#2489), so a client had to send `fleet_account` and
 * `tax_exempt` on every create. Request schemas say their default in words instead; responses and
 * query parameters keep the keyword, where "always present" is true or generators ignore it.
 */
function describeRequestDefaultsInWords(document: { paths?: unknown; components?: unknown }): void {
  const schemas = ((document.components as { schemas?: Record<string, unknown> }).schemas ?? {}) as Record<
    string,
    unknown
  >
  const seen = new Set<unknown>()
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return
    seen.add(node)
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    const object = node as Record<string, unknown>
    if (typeof object.$ref === 'string') visit(schemas[object.$ref.replace('#/components/schemas/', '')])
    describeDefaultInWords(object)
    for (const value of Object.values(object)) visit(value)
  }
  for (const item of Object.values((document.paths ?? {}) as Record<string, Record<string, { requestBody?: unknown }>>))
    for (const operation of Object.values(item)) visit(operation.requestBody)
}

function describeDefaultInWords(jsonSchema: Record<string, unknown>): void {
  if (!('default' in jsonSchema)) return
  const value = jsonSchema.default
  delete jsonSchema.default
  const description = typeof jsonSchema.description === 'string' ? jsonSchema.description : ''
  if (/default/i.test(description)) return
  const stated = `Defaults to \`${JSON.stringify(value)}\` when left out.`
  jsonSchema.description = description ? `${description.replace(/\.?$/, '.')} ${stated}` : stated
}

/**
 * A field that reuses a component with its own metadata (`visible(AddressSchema)`) is emitted by zod as
 * `{"$ref": ..., "additionalProperties": false, "x-field-visibility": ...}`: zod-openapi runs the
 * override above only on schemas without `$ref`, so the closed-object keyword zod adds in output context
 * survives beside the reference. In OpenAPI 3.1 (JSON Schema 2020-12) siblings of `$ref` apply, so that
 * keyword closes the component the override opened and every live response fails a standard validator.
 * The referenced component alone decides whether it is open; only annotations may sit beside `$ref`.
 */
function dropRefSiblingConstraints(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropRefSiblingConstraints(item)
    return
  }
  if (!node || typeof node !== 'object') return
  const object = node as Record<string, unknown>
  if (typeof object.$ref === 'string') delete object.additionalProperties
  for (const value of Object.values(object)) dropRefSiblingConstraints(value)
}

export const OpenApiDocumentSchema = z.record(z.string(), z.unknown()).meta({
  id: 'OpenApiDocument',
  description: 'This OpenAPI 3.1 document',
})

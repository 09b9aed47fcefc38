import { z } from 'zod'
import { webhookResolver } from '../../io/webhook-targets.js'
import type { AppDeps } from '../../platform/deps.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { QueuedEventSchema } from '../events/schema.js'
import {
  DeletedWebhookEndpointSchema,
  type WebhookEndpoint,
  WebhookEndpointCreateSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
  WebhookEndpointWithSecretSchema,
  WebhookTestSchema,
} from './schema.js'
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointContext,
  getEndpoint,
  listEndpoints,
  maxEndpointsPerIntegration,
  queueTestEvent,
  rotateSecret,
  updateEndpoint,
  vetWebhookUrl,
  type WebhookEndpointRow,
} from './service.js'

/** The ordinary representation: no `secret` field at all (spec "Webhook endpoint"). */
export function toWebhookEndpointResource(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.public_id,
    object: 'webhook_endpoint',
    url: row.url,
    description: row.description,
    event_types: row.event_types,
    status: row.status,
    disabled_reason: row.disabled_reason,
    api_version: 'v1',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

function endpointContext(deps: AppDeps): EndpointContext {
  const policy = { allowPrivate: deps.config.webhooks.allowPrivateTargets }
  return {
    sealKey: deps.secrets.sealKey,
    webhooks: deps.config.webhooks,
    resolver: webhookResolver(policy, deps.resolver),
  }
}

const tag = 'Webhook endpoints'
const scopes = ['webhooks.manage' as const]
const params = publicIdParams('webhookEndpoint')
const ownership = "An integration sees and manages only its own endpoints; another integration's endpoint is 404."

export const webhookEndpointOperations = [
  defineOperation({
    method: 'GET',
    path: '/webhook-endpoints',
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints',
    description: `Every endpoint of the integration, oldest first, in one unpaginated list (at most ${maxEndpointsPerIntegration}). No secrets. ${ownership}`,
    tag,
    scopes,
    // Unpaginated: limit, cursor or a misspelled filter is 400 rather than silently ignored.
    query: z.strictObject({}),
    success: { status: 200, description: "The integration's endpoints", schema: WebhookEndpointListSchema },
    handler: async ({ db, actor }) => ({
      object: 'list' as const,
      data: (await listEndpoints(db, actor)).map(toWebhookEndpointResource),
      has_more: false as const,
      next_cursor: null,
    }),
  }),
  defineOperation({
    method: 'POST',
    path: '/webhook-endpoints',
    operationId: 'createWebhookEndpoint',
    // Not an MCP tool: An endpoint sends the shop's events to a url of the caller's choosing.
    assistant: 'hidden',
    summary: 'Create a webhook endpoint',
    description: `Registers a receiver and returns its signing secret, once. Retrying with the same Idempotency-Key and body returns the same secret. At most ${maxEndpointsPerIntegration} endpoints per integration (409 \`webhook_endpoint_limit\`). A url that is not https on port 443/8443 to a public address is 400 \`invalid_request\` with \`param\` \`url\`.`,
    tag,
    scopes,
    body: WebhookEndpointCreateSchema,
    bodyRequired: true,
    idempotency: 'required',
    success: {
      status: 201,
      description: 'The new endpoint with its secret',
      schema: WebhookEndpointWithSecretSchema,
    },
    // DNS before the transaction (see vetWebhookUrl).
    prepare: ({ body, deps }) => vetWebhookUrl(body.url, endpointContext(deps)),
    handler: async ({ body, db, actor, deps, prepared }) => {
      const { row, secret } = await createEndpoint(db, actor, { ...body, url: prepared }, endpointContext(deps))
      return { ...toWebhookEndpointResource(row), secret }
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/webhook-endpoints/{public_id}',
    operationId: 'getWebhookEndpoint',
    summary: 'Get a webhook endpoint',
    description: `No secret: it is shown only by create and rotate-secret. ${ownership}`,
    tag,
    scopes,
    params,
    success: { status: 200, description: 'The endpoint', schema: WebhookEndpointSchema },
    handler: async ({ params, db, actor }) => toWebhookEndpointResource(await getEndpoint(db, actor, params.public_id)),
  }),
  defineOperation({
    method: 'PATCH',
    path: '/webhook-endpoints/{public_id}',
    operationId: 'updateWebhookEndpoint',
    // Not an MCP tool: Changing an endpoint's url or events redirects the shop's data.
    assistant: 'hidden',
    summary: 'Update a webhook endpoint',
    description:
      'Presence-aware: omitted fields are unchanged; `description` may be null. `status: disabled` stops deliveries (test events still go out): the events that happen meanwhile are held, for at most the 30-day retention. `status: active` re-enables a disabled endpoint (clearing `disabled_reason` and the failure clock) and its held deliveries are sent at once, in the order of the event log. A body that changes nothing is 400 `no_changes`.',
    tag,
    scopes,
    params,
    body: WebhookEndpointUpdateSchema,
    bodyRequired: true,
    idempotency: 'optional',
    success: { status: 200, description: 'The updated endpoint', schema: WebhookEndpointSchema },
    prepare: async ({ body, deps }) =>
      body.url === undefined ? undefined : vetWebhookUrl(body.url, endpointContext(deps)),
    handler: async ({ params, body, db, actor, prepared }) =>
      toWebhookEndpointResource((await updateEndpoint(db, actor, params.public_id, { ...body, url: prepared })).row),
  }),
  defineOperation({
    method: 'DELETE',
    path: '/webhook-endpoints/{public_id}',
    operationId: 'deleteWebhookEndpoint',
    // Not an MCP tool: Deleting destroys the endpoint and stops its deliveries.
    assistant: 'hidden',
    summary: 'Delete a webhook endpoint',
    description:
      "Stops deliveries to it at once and forgets its deliveries and secrets. Events stay in GET /events. Frees one of the integration's endpoint slots.",
    tag,
    scopes,
    params,
    success: { status: 200, description: 'The deleted endpoint', schema: DeletedWebhookEndpointSchema },
    handler: async ({ params, db, actor }) => {
      const row = await deleteEndpoint(db, actor, params.public_id)
      return { id: row.public_id, object: 'webhook_endpoint' as const, deleted: true as const }
    },
  }),
  defineOperation({
    method: 'POST',
    path: '/webhook-endpoints/{public_id}/rotate-secret',
    operationId: 'rotateWebhookEndpointSecret',
    // Not an MCP tool: Rotation breaks the receiver's signature check until it is given the new secret.
    assistant: 'hidden',
    summary: 'Rotate the signing secret',
    description:
      "Returns the new secret, once. For 24 hours deliveries carry two `v1=` signatures, the new secret's first; then the previous secret is erased. Retrying with the same Idempotency-Key returns the same secret.",
    tag,
    scopes,
    params,
    idempotency: 'required',
    success: { status: 200, description: 'The endpoint with its new secret', schema: WebhookEndpointWithSecretSchema },
    handler: async ({ params, db, actor, deps }) => {
      const { row, secret } = await rotateSecret(db, actor, params.public_id, endpointContext(deps))
      return { ...toWebhookEndpointResource(row), secret }
    },
  }),
  defineOperation({
    method: 'POST',
    path: '/webhook-endpoints/{public_id}/test',
    operationId: 'sendWebhookTestEvent',
    summary: 'Send a test event',
    description:
      'Queues a synthetic event (`test: true`, a placeholder object id, an empty summary) for this endpoint only, signed like any delivery. It is sent even while the endpoint is disabled, so a fixed receiver can be checked before re-enabling. It is not listed by GET /events.',
    tag,
    scopes,
    params,
    body: WebhookTestSchema,
    idempotency: 'required',
    success: { status: 202, description: 'The queued test event', schema: QueuedEventSchema },
    handler: async ({ params, body, db, actor }) => {
      const queued = await queueTestEvent(db, actor, params.public_id, body?.event_type)
      return { id: queued.eventPublicId, object: 'event' as const, status: 'queued' as const, test: true as const }
    },
  }),
]

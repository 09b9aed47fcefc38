import { type EventRow, eventEnvelope, eventRetentionDays, getEvent, listEvents } from '../../platform/events.js'
import { pageRequest } from '../../platform/list-request.js'
import { defineOperation } from '../../platform/operation.js'
import { publicIdParams } from '../../platform/schemas.js'
import { type Event, EventListQuerySchema, EventListSchema, EventSchema } from './schema.js'

const toEventResource = (row: EventRow): Event => eventEnvelope(row)
const tag = 'Events'
const visibility =
  "Only event types the key's scopes can read are shown (customers.read for customer.*, vehicles.read for vehicle.*, …; `webhook_endpoint.disabled` needs webhooks.manage and shows only the integration's own endpoints)."

export const eventOperations = [
  defineOperation({
    method: 'GET',
    path: '/events',
    operationId: 'listEvents',
    summary: 'List events',
    description: `The retained log of the last ${eventRetentionDays} days, newest first. ${visibility} Test events are not listed. A cursor stays valid while the log it points into is retained; when it expires, crawl again from the first page and de-duplicate on event id.`,
    tag,
    scopes: [],
    query: EventListQuerySchema,
    success: { status: 200, description: 'A page of events', schema: EventListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const list = pageRequest(deps, 'listEvents', auth, query, { maxAgeSeconds: eventRetentionDays * 86_400 })
      const page = await listEvents(db, actor, auth.scopes, { type: query.type }, list.page)
      return list.envelope(page, toEventResource)
    },
  }),
  defineOperation({
    method: 'GET',
    path: '/events/{public_id}',
    operationId: 'getEvent',
    summary: 'Get an event',
    description: `An event of the last ${eventRetentionDays} days. ${visibility} An event the key cannot see is 404, as is a test event of another integration.`,
    tag,
    scopes: [],
    params: publicIdParams('event'),
    success: { status: 200, description: 'The event', schema: EventSchema },
    handler: async ({ params, auth, db, actor }) =>
      toEventResource(await getEvent(db, actor, auth.scopes, params.public_id)),
  }),
]

import {
  type EventRow,
  eventEnvelope,
  eventRetentionDays,
  feedStart,
  getEvent,
  listEventFeed,
  listEvents,
} from '../../platform/events.js'
import { feedRequest, pageRequest } from '../../platform/list-request.js'
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
    description: `The retained log of the last ${eventRetentionDays} days, newest first; with \`order=asc\`, the feed a sync keeps its place in: oldest first in commit order, and every page, the last included, answers a \`next_cursor\` that later returns exactly the events committed since, each once. ${visibility} Test events are not listed. A cursor stays valid for ${eventRetentionDays} days from the answer that issued it (each feed page issues a fresh one); when it expires, crawl the feed again from its start and de-duplicate on event id.`,
    tag,
    scopes: [],
    query: EventListQuerySchema,
    success: { status: 200, description: 'A page of events', schema: EventListSchema },
    handler: async ({ query, auth, deps, db, actor }) => {
      const maxAgeSeconds = eventRetentionDays * 86_400
      const { order, ...listQuery } = query
      if (order === 'asc') {
        const feed = feedRequest(deps, 'listEvents', auth, { ...listQuery, order }, { maxAgeSeconds, start: feedStart })
        const page = await listEventFeed(db, actor, auth.scopes, { type: query.type }, feed.page)
        return feed.envelope(page, toEventResource)
      }
      // Newest first binds its cursors without `order`, as it did before the feed existed: kept cursors stay valid.
      const list = pageRequest(deps, 'listEvents', auth, listQuery, { maxAgeSeconds })
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

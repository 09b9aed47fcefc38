import { z } from 'zod'
import { eventTypes } from '../../platform/events.js'
import {
  cursorParam,
  instant,
  limitParam,
  listEnvelope,
  publicIdSchema,
  responseObject,
} from '../../platform/schemas.js'

// Spec "Event" and "Envelope": the body of every delivery and the item of GET /events.
export const EventTypeSchema = z.enum(eventTypes).meta({ id: 'EventType', description: 'An event type of API v1' })

export const EventDataSchema = responseObject({
  object_type: z.string().meta({ description: 'customer, vehicle, …; other strings may appear' }),
  object_id: z.string().meta({ description: 'The typed public id of the object' }),
  summary: z.record(z.string(), z.unknown()).meta({
    description:
      'A small, additive summary; never pricing or acquisition cost. Fetch the object for its current state.',
  }),
}).meta({ id: 'EventData' })

export const EventSchema = responseObject({
  id: publicIdSchema('event'),
  object: z.literal('event'),
  type: z.string().meta({ description: 'One of the event types; new types may appear' }),
  api_version: z.literal('v1'),
  test: z.boolean().meta({ description: 'True for synthetic events from POST /webhook-endpoints/{id}/test' }),
  created_at: instant,
  data: EventDataSchema,
}).meta({ id: 'Event' })

export type Event = z.infer<typeof EventSchema>

export const EventListSchema = listEnvelope(EventSchema, 'EventList')

export const EventListQuerySchema = z.strictObject({
  limit: limitParam,
  cursor: cursorParam.meta({
    description: 'The `next_cursor` of the previous page; valid while the events it points past are retained (30 days)',
  }),
  type: EventTypeSchema.optional().meta({ description: 'Only events of this type' }),
  order: z.enum(['desc', 'asc']).default('desc').meta({
    description:
      '`desc` (default): newest first by `created_at`, for browsing; the last page has `next_cursor` null. `asc`: the feed, for sync: oldest first from the start of the retained window in commit order (an event appears once the transactions before it have ended, so a kept cursor never passes over one that committed late); every page has a `next_cursor`, the last one (`has_more` false) included: keep it, and it later returns exactly the events committed since, each once',
  }),
})

export const QueuedEventSchema = responseObject({
  id: publicIdSchema('event'),
  object: z.literal('event'),
  status: z.literal('queued'),
  test: z.literal(true),
}).meta({ id: 'QueuedEvent', description: 'A synthetic test event, queued for delivery to one endpoint' })

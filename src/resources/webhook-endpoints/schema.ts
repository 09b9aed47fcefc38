import { z } from 'zod'
import { eventTypes } from '../../platform/events.js'
import { instant, publicIdSchema, responseObject, textInput, visible } from '../../platform/schemas.js'

// Spec "Webhook endpoint" and "Webhook endpoints".
const eventTypeList = z
  .array(textInput(100))
  .max(eventTypes.length + 1)
  .superRefine((types, ctx) => {
    types.forEach((type, index) => {
      if (type === '*') {
        if (types.length > 1) {
          ctx.addIssue({ code: 'custom', path: [index], message: '"*" subscribes to every type and must be alone' })
        }
      } else if (!(eventTypes as readonly string[]).includes(type)) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `unknown event type ${JSON.stringify(type.length > 60 ? `${type.slice(0, 60)}…` : type)}`,
        })
      }
    })
  })
  .meta({
    description:
      'Known event types, `["*"]` alone for every type the integration\'s scopes allow, or `[]` for none. Duplicates are dropped. Types the scopes do not cover are accepted but delivered only while the scopes allow.',
    example: ['customer.created', 'customer.updated'],
  })

const url = textInput(2000).min(12).meta({
  description:
    'https:// on port 443 or 8443 to a public hostname, 12-2000 characters. Private, loopback, link-local and cloud-metadata addresses are refused at registration (after resolving DNS) and again at every delivery.',
  example: 'https://hooks.example.com/shopapi',
})

const description = textInput(255).nullable().meta({ description: 'Up to 255 characters' })

export const WebhookEndpointSchema = responseObject({
  id: publicIdSchema('webhookEndpoint'),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.string()),
  status: z.string().meta({ description: '`active` or `disabled`; other values may appear' }),
  disabled_reason: z.string().nullable().meta({ description: 'Why the endpoint is disabled; null while active' }),
  api_version: z.literal('v1'),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'WebhookEndpoint' })

export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: visible(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_-]+$/)
      .meta({
        description:
          'The signing secret, shown only in this response (create and rotate). Sign-check deliveries with it, whsec_ prefix included.',
      }),
  ),
}).meta({ id: 'WebhookEndpointWithSecret' })

export const WebhookEndpointListSchema = responseObject({
  object: z.literal('list'),
  data: z.array(WebhookEndpointSchema),
  has_more: z.literal(false),
  next_cursor: z.null(),
}).meta({ id: 'WebhookEndpointList', description: 'Every endpoint of the integration (at most 10): never paginated' })

export const WebhookEndpointCreateSchema = z.strictObject({
  url,
  event_types: eventTypeList,
  description: description.optional(),
})

export const WebhookEndpointUpdateSchema = z.strictObject({
  description: description.optional(),
  event_types: eventTypeList.optional(),
  status: z.enum(['active', 'disabled']).optional(),
  url: url.optional(),
})

export const WebhookTestSchema = z.strictObject({
  event_type: z
    .enum(eventTypes)
    .optional()
    .meta({ description: "Any event type; default the endpoint's first subscribed type, else customer.created" }),
})

export const DeletedWebhookEndpointSchema = responseObject({
  id: publicIdSchema('webhookEndpoint'),
  object: z.literal('webhook_endpoint'),
  deleted: z.literal(true),
}).meta({ id: 'DeletedWebhookEndpoint' })

import { z } from 'zod'
import { visible } from './common.js'

export const ExternalReferenceSchema = z
  .object({
    object: visible(z.literal('external_reference')),
    object_type: visible(
      z.string().meta({ description: '`customer`, `vehicle`, `repair_order`, `task`; other strings may appear' }),
    ),
    object_id: visible(z.string().meta({ description: 'The id of the record the reference belongs to' })),
    external_id: visible(z.string().nullable()),
  })
  .meta({ id: 'ExternalReference', description: "This integration's own id for a record; private to it" })

export const ExternalIdBodySchema = z
  .strictObject({ external_id: z.string().min(1).max(255) })
  .meta({ id: 'ExternalIdRequest' })

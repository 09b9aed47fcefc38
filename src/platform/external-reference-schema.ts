import { z } from 'zod'
import { textInput, visible } from './schemas.js'

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
  .strictObject({ external_id: textInput(255).min(1) })
  .meta({ id: 'ExternalIdRequest' })

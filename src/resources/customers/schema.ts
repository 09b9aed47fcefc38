import { z } from 'zod'
import { optionalInputs } from '../../platform/fields.js'
import { expectedVersion, textInput } from '../../platform/schemas.js'
import { customerDefinition } from './definition.js'

export { AddressSchema, ConsentSchema, consentFields, preferredContacts } from './definition.js'

const { inputs } = customerDefinition

// The create body requires the names and defaults the flags; a null tag list there means none.
export const CustomerCreateSchema = z
  .strictObject({
    ...optionalInputs(inputs),
    first_name: inputs.first_name,
    last_name: inputs.last_name,
    tags: inputs.tags.nullable().optional(),
    fleet_account: inputs.fleet_account.default(false),
    tax_exempt: inputs.tax_exempt.default(false),
  })
  .meta({ id: 'CustomerCreate' })

export const CustomerUpdateSchema = z
  .strictObject({ ...optionalInputs(inputs), expected_version: expectedVersion })
  .meta({
    id: 'CustomerUpdate',
    description:
      'Presence-aware: an omitted field is unchanged, null clears a nullable field, and a body that changes nothing is 400 no_changes',
  })

export type CustomerCreate = z.output<typeof CustomerCreateSchema>
export type CustomerUpdate = z.output<typeof CustomerUpdateSchema>

export const ArchiveBodySchema = z
  .strictObject({ reason: textInput(500, { trim: true }).nullable().optional() })
  .meta({ id: 'ArchiveRequest' })

export const CustomerSchema = customerDefinition.schema
export type Customer = z.infer<typeof CustomerSchema>
export const CustomerListSchema = customerDefinition.listSchema
export const CustomerListQuerySchema = customerDefinition.listQuery
export type CustomerListQuery = z.output<typeof CustomerListQuerySchema>

import { z } from 'zod'
import { instant, responseObject } from '../../platform/schemas.js'

const scopeName = z.string().meta({ description: 'A scope of the catalogue (`x-scopes`)', example: 'customers.read' })

const IntrospectedKeySchema = responseObject({
  id: z
    .string()
    .meta({ description: 'key_ id, as `shopapi keys list` shows it', example: 'key_4bW2yXk0fT9QmZr7LcVd1p' }),
  prefix: z.string().meta({
    description: 'The first characters of the key, enough to recognise it; never the secret part',
    example: 'shopapi_AbCdEfGhIjKl',
  }),
  created_at: instant,
  last_used_at: instant.nullable().meta({
    description:
      'When the key was last used, recorded to the minute; this request counts, so it is at most a minute old',
  }),
}).meta({ id: 'IntrospectedKey', description: 'The key that made this request (no secret, no hash)' })

const IntrospectedOperationSchema = responseObject({
  operation_id: z.string().meta({ description: 'The operationId in the OpenAPI document', example: 'listCustomers' }),
  method: z.string().meta({ example: 'GET' }),
  path: z.string().meta({ description: 'Path template as called, /v1 included', example: '/v1/customers/{public_id}' }),
  allowed: z.boolean().meta({ description: 'Whether this key holds every scope the operation requires' }),
  required_scopes: z.array(scopeName).meta({ description: 'Its `x-required-scopes`; empty when any key may call it' }),
  missing_scopes: z.array(scopeName).meta({ description: 'Required scopes this key lacks; empty when allowed' }),
  redacted_fields: z.array(z.string()).meta({
    description:
      'JSON pointers this key will find null and listed in the response\'s `redacted_fields` (spec "Redaction")',
    example: ['/data/*/cost'],
  }),
}).meta({ id: 'IntrospectedOperation' })

const RedactionSchema = responseObject({
  object: z.string().meta({ description: 'The `object` of the resource holding the field', example: 'inventory_item' }),
  pointer: z.string().meta({
    description: 'JSON pointer of the field inside that resource (`*`: every array item)',
    example: '/cost',
  }),
  needs_scope: scopeName,
}).meta({
  id: 'Redaction',
  description: 'A field this key sees as null wherever the resource appears, and the scope that would reveal it',
})

export const ApiKeyIntrospectionSchema = responseObject({
  object: z.literal('api_key_introspection'),
  key: IntrospectedKeySchema,
  integration: responseObject({
    id: z.string().meta({ description: 'int_ id', example: 'int_4bW2yXk0fT9QmZr7LcVd1p' }),
    name: z.string(),
  }).meta({ id: 'IntrospectedIntegration', description: 'The integration the key belongs to' }),
  shop: responseObject({
    id: z.string().meta({ description: 'shop_ id', example: 'shop_4bW2yXk0fT9QmZr7LcVd1p' }),
    name: z.string(),
    timezone: z.string().meta({ description: 'IANA time zone of the shop', example: 'America/Chicago' }),
  }).meta({ id: 'IntrospectedShop', description: 'The shop the key reaches (GET /shop has the whole profile)' }),
  scopes: z.array(scopeName).meta({ description: "The scopes granted to the key's integration" }),
  operations: z.array(IntrospectedOperationSchema).meta({
    description: 'Every operation of the API, in the order of the OpenAPI document, as this key sees it',
  }),
  redactions: z.array(RedactionSchema).meta({
    description: 'Every field this key sees redacted for lack of a scope: the answer to "why is this field null?"',
  }),
}).meta({ id: 'ApiKeyIntrospection', description: 'What the calling key is and what it may do and see' })

export type ApiKeyIntrospection = z.infer<typeof ApiKeyIntrospectionSchema>
export type IntrospectedOperation = z.infer<typeof IntrospectedOperationSchema>
export type Redaction = z.infer<typeof RedactionSchema>

import { z } from 'zod'
import 'zod-openapi'
import { errorStatus } from '../../lib/errors.js'
import type { Scope } from '../../lib/scopes.js'

/**
 * `x-field-visibility` (spec "Authentication" 6): "always" for fields every caller of the operation
 * sees; for a field that needs a further scope, the scopes and how it looks without them.
 */
export type FieldVisibility = 'always' | { requires_scopes: Scope[]; when_missing: 'null, listed in redacted_fields' }

export function visible<T extends z.ZodType>(schema: T, visibility: FieldVisibility = 'always'): T {
  return schema.meta({ 'x-field-visibility': visibility }) as T
}

export const instant = z.string().meta({
  format: 'date-time',
  description: 'RFC 3339 instant in UTC with a `Z` suffix',
  example: '2026-01-31T15:04:05.000Z',
})

export const BlockerSchema = z
  .object({
    type: z.string(),
    reason: z.string(),
    message: z.string(),
    resolution: z.array(z.string()).default([]),
  })
  .meta({ id: 'Blocker', description: 'Why a workflow request was refused, and what would resolve it' })

export const ErrorCodeSchema = z
  .enum(Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]])
  .meta({
    id: 'ErrorCode',
    description: 'Machine-readable error code. New codes may be added: treat unknown codes by their HTTP status.',
  })

export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'One of ErrorCode; other strings may appear' }),
      message: z.string().meta({ description: 'Human-readable explanation; not for parsing' }),
      param: z
        .string()
        .nullable()
        .meta({ description: 'The request field, query parameter or header at fault, or null' }),
      request_id: z
        .string()
        .nullable()
        .meta({ description: 'The X-Request-Id of the request (req_...); null when generated at the edge' }),
      blockers: z.array(BlockerSchema),
    }),
  })
  .meta({ id: 'Error', description: 'The one error envelope of every non-2xx response' })

export function listEnvelope<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean(),
      next_cursor: z.string().nullable(),
    })
    .meta({ id })
}

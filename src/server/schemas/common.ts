import { z } from 'zod'
import 'zod-openapi'
import { errorStatus } from '../../lib/errors.js'
import { type IdKind, idPrefixes, isPublicId } from '../../lib/ids.js'
import type { Scope } from '../../lib/scopes.js'

/**
 * `x-field-visibility` (spec "Authentication" 6): "always" for fields every caller of the operation
 * sees; for a field that needs a further scope, the scopes and how it looks without them.
 */
export type FieldVisibility = 'always' | { requires_scopes: Scope[]; when_missing: 'null, listed in redacted_fields' }

export function visible<T extends z.ZodType>(schema: T, visibility: FieldVisibility = 'always'): T {
  return schema.meta({ 'x-field-visibility': visibility }) as T
}

/**
 * The object of a response: every field gets `x-field-visibility` ("always" unless the field already
 * says otherwise), so a resource added later cannot forget it. Responses stay open (see openapi.ts).
 */
export function responseObject<T extends Record<string, z.ZodType>>(shape: T): z.ZodObject<T> {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [
      name,
      field.meta()?.['x-field-visibility'] === undefined ? visible(field) : field,
    ]),
  )
  return z.object(fields) as z.ZodObject<T>
}

export const instant = z.string().meta({
  format: 'date-time',
  description: 'RFC 3339 instant in UTC with a `Z` suffix',
  example: '2026-01-31T15:04:05.000Z',
})

// Every blocker the server emits carries `resolution` (lib/errors.ts `Blocker`), `[]` when there is
// nothing to suggest: the spec's "default empty" is the server's default, so the field is required here.
export const BlockerSchema = responseObject({
  type: z.string(),
  reason: z.string(),
  message: z.string(),
  resolution: z
    .array(z.string())
    .meta({ description: 'What would resolve the refusal; always present, `[]` when none' }),
}).meta({ id: 'Blocker', description: 'Why a workflow request was refused, and what would resolve it' })

export const ErrorCodeSchema = z
  .enum(Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]])
  .meta({
    id: 'ErrorCode',
    description: 'Machine-readable error code. New codes may be added: treat unknown codes by their HTTP status.',
  })

export const ErrorEnvelopeSchema = responseObject({
  error: responseObject({
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
}).meta({ id: 'Error', description: 'The one error envelope of every non-2xx response' })

export function listEnvelope<T extends z.ZodType>(item: T, id: string) {
  return responseObject({
    object: z.literal('list'),
    data: z.array(item),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  }).meta({ id })
}

/** A typed id for one slot: any other shape is 400 invalid_id before any lookup (spec "Identifiers"). */
export function publicIdSchema(kind: IdKind, description?: string) {
  const prefix = `${idPrefixes[kind]}_`
  return z
    .string()
    .superRefine((value, ctx) => {
      if (!isPublicId(kind, value)) {
        ctx.addIssue({
          code: 'custom',
          message: `Expected a ${prefix} id, got ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`,
          params: { code: 'invalid_id' },
        })
      }
    })
    .meta({
      description: description ?? `A ${prefix} id`,
      pattern: `^${prefix}[0-9A-Za-z]{1,64}$`,
      example: `${prefix}4bW2yXk0fT9QmZr7LcVd1p`,
    })
}

export function publicIdParams(kind: IdKind) {
  return z.strictObject({ public_id: publicIdSchema(kind) })
}

// RFC 3339 with a zone: `Z` or a numeric offset. Naive date-times are refused (spec "Value formats").
const zonedInstant = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})$/

/** Date.parse rolls 2026-02-30 over to March; a calendar check refuses it instead. */
function isRealDateTime(value: string): boolean {
  const [year, month, day, hour, minute, second] = [0, 5, 8, 11, 14, 17].map((at, i) =>
    Number(value.slice(at, at + (i === 0 ? 4 : 2)) || 0),
  ) as [number, number, number, number, number, number]
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const offset = /([+-])(\d{2}):?(\d{2})$/.exec(value)
  const offsetOk = !offset || (Number(offset[2]) <= 14 && Number(offset[3]) <= 59)
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetOk &&
    !Number.isNaN(Date.parse(value.replace(' ', 'T')))
  )
}

export const requestInstant = z
  .string()
  .superRefine((value, ctx) => {
    if (!zonedInstant.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an RFC 3339 date-time with Z or a numeric offset, e.g. 2026-01-31T15:04:05Z',
      })
    } else if (!isRealDateTime(value)) {
      ctx.addIssue({ code: 'custom', message: 'is not a real date-time (check the day, month and time)' })
    }
  })
  .transform((value) => new Date(value.replace(' ', 'T')))
  .meta({
    format: 'date-time',
    description: 'RFC 3339 date-time with `Z` or a numeric offset; naive date-times are rejected',
    example: '2026-01-31T09:04:05-06:00',
  })

export const limitParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(200)
  .default(50)
  .meta({ description: 'Page size, 1-200', example: 50 })

// No length bound here: anything the API did not issue is 400 invalid_cursor, whatever its size.
export const cursorParam = z
  .string()
  .optional()
  .meta({ description: 'The `next_cursor` of the previous page; the other parameters must not change' })

export const sortParam = z
  .enum(['created_at', 'updated_at'])
  .default('created_at')
  .meta({ description: 'Newest first by this column; ties broken by id' })

export const lifecycleParam = z
  .enum(['active', 'archived', 'all'])
  .default('active')
  .meta({ description: 'Which records: not archived (default), archived (including merged), or all' })

export const searchParam = z
  .string()
  .min(2)
  .max(100)
  .optional()
  .meta({ description: 'Case-insensitive substring, 2-100 characters; % and _ match literally' })

/** Booleans in a query string: `true`/`false` only, not JavaScript truthiness. */
export const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true')

export const expectedVersion = z.number().int().min(1).nullable().optional().meta({
  description:
    'Optimistic concurrency: the update is refused with 409 version_conflict unless this is the current version',
})

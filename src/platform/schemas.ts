import { z } from 'zod'
import type { ZodOpenApiOverrideMetaContext } from 'zod-openapi'
import { errorStatus } from '../lib/errors.js'
import { type IdKind, idPrefixes, isPublicId } from '../lib/ids.js'
import type { Scope } from '../lib/scopes.js'
import { instantRange, instantRangeMiss, isInstantInRange } from '../lib/wall-clock.js'

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
    // The known codes are an enum a client can switch on; any other string stays valid because new
    // codes may be added within v1 (spec "Versioning" 2).
    code: z.union([ErrorCodeSchema, z.string()]).meta({ description: 'One of ErrorCode; other strings may appear' }),
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

/**
 * Every free-text string of a request: the length is checked first and aborts, so no pattern,
 * refinement or transform after it ever sees an overlong value (a quadratic email pattern on a
 * 60k-character value once blocked the process for seconds). `trim` runs before the length check,
 * as it always did: trimming is linear. NUL and lone surrogates are refused for every input, whatever
 * its schema, by `parseInput`.
 */
export function textInput(max: number, options: { trim?: boolean } = {}) {
  const base = options.trim ? z.string().trim() : z.string()
  return base.max(max, { abort: true, error: `must be at most ${max} characters` })
}

/** A typed id for one slot: any other shape is 400 invalid_id before any lookup (spec "Identifiers"). */
export function publicIdSchema(kind: IdKind, description?: string) {
  const prefix = `${idPrefixes[kind]}_`
  return z
    .string()
    .superRefine((value, ctx) => {
      // isPublicId is one anchored character-class test, linear in the length of any value.
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
      maxLength: prefix.length + 64,
      example: `${prefix}4bW2yXk0fT9QmZr7LcVd1p`,
    })
}

export function publicIdParams(kind: IdKind) {
  return z.strictObject({ public_id: publicIdSchema(kind) })
}

/**
 * RFC 3339 `date-time` exactly (section 5.6): full date, `T`, time with seconds, optional fraction
 * (1-9 digits), then `Z` or `±HH:MM`. `t` and `z` are accepted because the RFC's ABNF is
 * case-insensitive; a space for `T`, missing seconds and `+HHMM` offsets are refused (spec "Value
 * formats": naive date-times are refused too). Bounded quantifiers only: linear.
 */
const rfc3339DateTime = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(?:[Zz]|[+-](\d{2}):(\d{2}))$/

/** Date.parse rolls 2026-02-30 over to March; a calendar check refuses it instead. */
function isRealDateTime(match: RegExpExecArray): boolean {
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const offsetOk = match[8] === undefined || (Number(match[8]) <= 14 && Number(match[9]) <= 59)
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetOk
  )
}

export const requestInstant = textInput(40)
  .superRefine((value, ctx) => {
    const match = rfc3339DateTime.exec(value)
    if (!match) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must be an RFC 3339 date-time with seconds and Z or a ±HH:MM offset, e.g. 2026-01-31T15:04:05Z or 2026-01-31T09:04:05-06:00',
      })
    } else if (!isRealDateTime(match)) {
      ctx.addIssue({ code: 'custom', message: 'is not a real date-time (check the day, month and time)' })
    } else {
      const instant = new Date(value.toUpperCase())
      if (!isInstantInRange(instant)) {
        ctx.addIssue({
          code: 'custom',
          message: `is ${instantRangeMiss(instant)} once converted to UTC: an instant must lie from ${instantRange.text}`,
        })
      }
    }
  })
  .transform((value) => new Date(value.toUpperCase()))
  .meta({
    format: 'date-time',
    pattern: rfc3339DateTime.source,
    description:
      'RFC 3339 date-time: seconds required, optional fraction, then `Z` or a `±HH:MM` offset. Naive date-times, a space for `T` and `+HHMM` offsets are rejected, and so is an instant outside 1900-01-01T00:00:00Z to 9999-12-31T23:59:59Z once converted to UTC (responses write instants in UTC with a four-digit year).',
    example: '2026-01-31T09:04:05-06:00',
  })

/**
 * `limit` as the document declares it, an integer 1-200, written in plain decimal digits: no sign,
 * spaces, exponent, fraction, hex or leading zero (`1e1`, ` 1`, `0x10`, `01` are 400, not coerced).
 */
export function pageSizeParam(description: string) {
  return z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, {
      abort: true,
      error: 'must be a whole number from 1 to 200 in plain digits (no sign, spaces, exponent or leading zero)',
    })
    .transform(Number)
    .pipe(z.number().max(200, 'must be at most 200'))
    .optional()
    .transform((value) => value ?? 50)
    .meta({
      description,
      example: 50,
      // Documented as the integer it stands for; the digits-only rule is the description's.
      override: ({ jsonSchema }: ZodOpenApiOverrideMetaContext) => {
        Object.assign(jsonSchema, { type: 'integer', minimum: 1, maximum: 200, default: 50 })
        delete jsonSchema.pattern
      },
    })
}

export const limitParam = pageSizeParam('Page size, 1-200, in plain decimal digits')

/** Longer than any cursor the API issues; a longer value is still answered as invalid_cursor. */
const cursorMaxLength = 1000
const cursorShape = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

// Anything the API did not issue is 400 invalid_cursor (spec "Pagination"), whatever its size or
// characters: the shape is checked here so a NUL or a megabyte never reaches decoding.
export const cursorParam = z
  .string()
  .superRefine((value, ctx) => {
    // Empty means absent, as `?cursor=` from a client that fills in an empty next_cursor.
    if (value !== '' && (value.length > cursorMaxLength || !cursorShape.test(value))) {
      ctx.addIssue({
        code: 'custom',
        message: 'The cursor is not one this API issued: start again without it',
        params: { code: 'invalid_cursor' },
      })
    }
  })
  .optional()
  .meta({
    description: 'The `next_cursor` of the previous page; the other parameters must not change',
    maxLength: cursorMaxLength,
  })

export const sortParam = z
  .enum(['created_at', 'updated_at'])
  .default('created_at')
  .meta({ description: 'Newest first by this column; ties broken by id' })

// No zod default: the default depends on `updated_after` (lifecycleFilter's `whenAbsent`), so the
// document states it in words rather than as a `default` no single value could be.
export const lifecycleParam = z.enum(['active', 'archived', 'all']).optional().meta({
  description:
    'Which records: not archived (`active`), archived (merged ones included), or `all`. Default: `active`, but `all` when `updated_after` is given, so that a sync crawl sees archives and merges as updates (spec "Sync guidance" 3)',
})

export const searchParam = textInput(100)
  .min(2)
  .optional()
  .meta({ description: 'Case-insensitive substring, 2-100 characters; % and _ match literally' })

/** Booleans in a query string: `true`/`false` only, not JavaScript truthiness. */
export const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true')

export const expectedVersion = z.number().int().min(1).nullable().optional().meta({
  description:
    'Optimistic concurrency: the update is refused with 409 version_conflict unless this is the current version',
})

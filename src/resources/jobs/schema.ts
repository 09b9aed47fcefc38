import { z } from 'zod'
import { DecimalInputError, decimalInputs, moneyLimits, parseDecimalInput } from '../../lib/money.js'
import { CostSchema, JobPricingSchema } from '../../platform/money-schemas.js'
import { redactable } from '../../platform/redaction.js'
import {
  cursorParam,
  instant,
  limitParam,
  listEnvelope,
  publicIdSchema,
  responseObject,
  textInput,
} from '../../platform/schemas.js'

export const jobKinds = ['service', 'fee', 'discount', 'no_charge'] as const
export const decisionStates = ['pending', 'authorized', 'declined', 'deferred', 'cancelled'] as const
export const executionStates = ['not_started', 'in_progress', 'paused', 'completed', 'unable_to_complete'] as const
export const jobActions = ['start', 'complete', 'unable_to_complete'] as const

export type JobKind = (typeof jobKinds)[number]
export type DecisionState = (typeof decisionStates)[number]
export type ExecutionState = (typeof executionStates)[number]
export type JobAction = (typeof jobActions)[number]

/** A fee or discount amount: a decimal string with at most 2 places, more than zero, at most the maximum. */
const flatAmount = textInput(20)
  .superRefine((value, ctx) => {
    try {
      if (parseDecimalInput(value, decimalInputs.amount).isZero()) {
        ctx.addIssue({ code: 'custom', message: 'must be more than 0.00' })
      }
    } catch (error) {
      if (!(error instanceof DecimalInputError)) throw error
      ctx.addIssue({ code: 'custom', message: error.message })
    }
  })
  .meta({
    description: `The fee, or the discount (given positive, shown negative in pricing): a decimal string with at most 2 places, more than 0 and at most ${moneyLimits.amount}. A job whose totals, or an order whose totals, would pass ${moneyLimits.amount} is refused with 409 \`conflict\` (blocker \`total_exceeds_maximum\`)`,
    example: '25.00',
  })

const flatKinds: readonly JobKind[] = ['fee', 'discount']

export const JobCreateSchema = z
  .strictObject({
    name: textInput(200, { trim: true })
      .min(1)
      .optional()
      .meta({ description: "1-200 characters; required unless canned_job_id is given (then the canned job's name)" }),
    description: textInput(5000, { trim: true }).nullable().optional(),
    kind: z
      .enum(jobKinds)
      .optional()
      .meta({ description: "service (default, or the canned job's kind), fee, discount or no_charge" }),
    canned_job_id: publicIdSchema(
      'cannedJob',
      'A canned job to start from: its labor (default hours × labor rate) and parts are copied onto the job',
    ).optional(),
    technician_id: publicIdSchema('technician', 'The technician assigned to the job (tech_ id)').optional(),
    taxable: z.boolean().optional().meta({ description: "Default true, or the canned job's" }),
    amount: flatAmount.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.name === undefined && body.canned_job_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'is required unless canned_job_id is given' })
    }
    if (body.kind !== undefined) {
      const needsAmount = flatKinds.includes(body.kind)
      if (needsAmount && body.amount === undefined) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: `is required for a ${body.kind} job` })
      }
      if (!needsAmount && body.amount !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'is only for fee and discount jobs' })
      }
    }
  })
  .meta({
    id: 'JobCreate',
    description:
      'A job on a repair order, optionally from a canned job (its labor and parts are copied). New jobs are pending and not started.',
  })

export type JobCreate = z.output<typeof JobCreateSchema>

const decimal = (description: string, example: string) => z.string().meta({ description, example })

export const JobSchema = responseObject({
  id: z.string().meta({ description: 'job_ id', example: 'job_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('job'),
  repair_order_id: z.string().meta({ description: 'The ro_ id of the repair order' }),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.string().meta({ description: 'service, fee, discount or no_charge; other strings may appear' }),
  decision_state: z.string().meta({
    description: 'pending, authorized, declined, deferred, cancelled, or unknown; other strings may appear',
  }),
  execution_state: z.string().meta({
    description:
      'not_started, in_progress, paused, completed, unable_to_complete, or unknown; other strings may appear',
  }),
  available_actions: z.array(z.string()).meta({
    description:
      'Actions this key may take now (start, complete, unable_to_complete): only for an authorized job and a key with repair_orders.read and jobs.actions',
  }),
  canned_job_id: z.string().nullable().meta({ description: 'The cj_ id it was created from, or null' }),
  technician_id: z.string().nullable().meta({ description: 'The assigned tech_ id, or null' }),
  labor_hours: decimal(
    'Sum of the labor entries’ hours, 2 decimal places; null when there are none',
    '1.50',
  ).nullable(),
  taxable: z.boolean(),
  started_at: instant.nullable(),
  completed_at: instant.nullable(),
  pricing: redactable(JobPricingSchema, 'pricing.read'),
  redacted_fields: z.array(z.string()).meta({ description: 'JSON pointers of the fields this key cannot see' }),
  version: z.number().int().meta({ description: 'Starts at 1; +1 on every change' }),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'Job', description: 'A line item of a repair order. Parts and labor are child collections.' })

export type Job = z.infer<typeof JobSchema>

export const JobListSchema = listEnvelope(JobSchema, 'JobList')

const LaborPricingSchema = responseObject({
  currency: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
  rate: decimal('Rate per hour, 2 decimal places', '120.00'),
  amount: decimal('hours × rate, rounded half-up to the cent', '180.00'),
}).meta({ id: 'LaborPricing' })

export const LaborEntrySchema = responseObject({
  id: z.string().meta({ description: 'lab_ id', example: 'lab_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('labor_entry'),
  job_id: z.string().meta({ description: 'The job_ id' }),
  technician_id: z.string().nullable().meta({ description: 'The tech_ id who does the work, or null' }),
  description: z.string().nullable(),
  hours: decimal('Hours, 2 decimal places', '1.50'),
  pricing: redactable(LaborPricingSchema, 'pricing.read'),
  redacted_fields: z.array(z.string()),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'LaborEntry' })

export type LaborEntry = z.infer<typeof LaborEntrySchema>

export const LaborListSchema = listEnvelope(LaborEntrySchema, 'LaborList')

const PartPricingSchema = responseObject({
  currency: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
  unit_price: decimal('Sale price of one unit, 2 decimal places', '45.00'),
  amount: decimal('quantity × unit price, rounded half-up to the cent', '90.00'),
}).meta({ id: 'PartPricing' })

export const PartEntrySchema = responseObject({
  id: z.string().meta({ description: 'part_ id', example: 'part_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('part'),
  job_id: z.string().meta({ description: 'The job_ id' }),
  inventory_item_id: z.string().nullable().meta({ description: 'The item_ id it was taken from, or null' }),
  part_number: z.string().nullable(),
  description: z.string(),
  quantity: decimal('Quantity, up to 3 decimal places, trailing zeros trimmed', '2'),
  pricing: redactable(PartPricingSchema, 'pricing.read'),
  cost: redactable(CostSchema, 'inventory.cost.read'),
  redacted_fields: z.array(z.string()),
  created_at: instant,
  updated_at: instant,
}).meta({ id: 'PartEntry' })

export type PartEntry = z.infer<typeof PartEntrySchema>

export const PartListSchema = listEnvelope(PartEntrySchema, 'PartList')

export const JobChildListQuerySchema = z.strictObject({ limit: limitParam, cursor: cursorParam })

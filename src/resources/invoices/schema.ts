import { z } from 'zod'
import { calendarDateRule, isCalendarDate } from '../../lib/wall-clock.js'
import { moneyString, pricingTotalsSchema } from '../../platform/money-schemas.js'
import {
  cursorParam,
  instant,
  listEnvelope,
  pageSizeParam,
  publicIdSchema,
  responseObject,
  textInput,
} from '../../platform/schemas.js'
import { maxLinesPerPage } from './definition.js'

// Spec "Invoice", "Resources without a field list" (InvoiceLine, InvoiceTax, InvoiceTotals) and
// "Invoices". Invoices are posted, voided and credited by the shop (`shopapi invoices ...`,
// `shopapi credit-notes issue`); the API reads them.

const amount = (description: string) => moneyString(description, '120.00')

/** A shop business date in a query (spec "Value formats"): `YYYY-MM-DD`, a real calendar date. */
export const businessDateParam = (description: string) =>
  textInput(10)
    .refine(isCalendarDate, `must be ${calendarDateRule}, e.g. 2026-01-31`)
    .optional()
    .meta({ description, format: 'date', example: '2026-01-31' })

export const businessDate = z.string().meta({
  format: 'date',
  description: 'Shop business date: the calendar date in the shop time zone',
  example: '2026-01-31',
})

export const invoiceLineTypes = ['service', 'labor', 'part', 'fee', 'discount'] as const

export const InvoiceLineSchema = responseObject({
  number: z.number().int().meta({ description: 'Position on the document, from 1' }),
  type: z.string().meta({
    description: `One of ${invoiceLineTypes.join(', ')} (other strings may appear): \`service\` a labor entry of a service job, \`labor\` a labor entry of another job (no-charge or fee), \`part\` a part entry, \`fee\` the amount of a fee job, \`discount\` a discount job. A discount line states the discount (gross_amount and discount_alloc both its negative amount, tax_alloc and line_total 0.00): the discount itself is allocated to the charged lines as their discount_alloc, so it counts once. A discount line is not credited on its own.`,
    example: 'service',
  }),
  job_id: z.string().nullable().meta({ description: 'The job_ id the line comes from' }),
  description: z.string(),
  quantity: z.string().nullable().meta({
    description: 'Hours of labor, quantity of a part, 1 for a fee or a discount; null on credit-note lines',
    example: '1.5',
  }),
  unit_price: amount('Rate, unit price, fee amount, or the discount (negative)').nullable(),
  gross_amount: amount(
    'quantity × unit_price, rounded half-up to the cent, negative only on a discount line; on a credit note the net amount credited',
  ),
  discount_alloc: amount(
    "On a charged line its share of the discounts: a no-charge job's own, and the order's discount jobs allocated in proportion to what each line charges. On a discount line the whole discount allocated away (equal to gross_amount)",
  ),
  tax_alloc: amount(
    "The line's share of its job's taxes, allocated in proportion to the gross amounts of the job's taxed lines",
  ),
  line_total: amount('gross_amount − discount_alloc + tax_alloc; the lines add up to totals.total to the cent'),
  credited_line: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'On a credit note: the number of the line of the credited invoice; null on invoices' }),
}).meta({
  id: 'InvoiceLine',
  description:
    'One line of an invoice or credit note. Allocations use the largest-remainder (Hamilton) method on whole cents, ties to the earlier line.',
})

export const InvoiceTaxSchema = responseObject({
  name: z
    .string()
    .meta({ description: "The shop's name for the tax when the document was posted", example: 'Sales tax' }),
  rate: z.string().meta({ description: 'Percent, e.g. 8.875', example: '8.875' }),
  applies_to: z
    .array(z.string())
    .meta({ description: 'Categories taxed: labor, parts, fees', example: ['labor', 'parts', 'fees'] }),
  taxable_amount: amount(
    'What the tax was computed on (taxable jobs of the categories); null on credit notes',
  ).nullable(),
  amount: amount('The tax: rounded half-up once per job, then summed'),
}).meta({ id: 'InvoiceTax', description: 'One tax of the document; the amounts add up to totals.tax' })

export const InvoiceDiscountSchema = responseObject({
  job_id: z.string().meta({ description: 'The discount job_ id' }),
  description: z.string(),
  amount: amount('Positive; allocated to the lines as discount_alloc, and stated by a `discount` line'),
}).meta({ id: 'InvoiceDiscount', description: 'A discount job of the order: a document-level discount' })

export const InvoiceTotalsSchema = pricingTotalsSchema(
  'InvoiceTotals',
  "The document's totals, the sums of its lines: labor (service and labor lines), parts and fees of the gross amounts by line type, discounts (zero or negative) of the discount lines' gross_amount less every discount_alloc, subtotal of gross_amount − discount_alloc, tax of tax_alloc, total of line_total. An invoice's totals equal its repair order's pricing. On a credit note every amount is what is credited, positive.",
)

export const InvoiceSchema = responseObject({
  id: z.string().meta({ description: 'inv_ id (invoices and credit notes)', example: 'inv_4bW2yXk0fT9QmZr7LcVd1p' }),
  object: z.literal('invoice'),
  number: z.number().int().meta({
    description: 'Per shop and document type, from 1, sequential without gaps (a voided document keeps its number)',
    example: 1,
  }),
  doc_type: z
    .string()
    .meta({ description: '`invoice` or `credit_note` (other strings may appear)', example: 'invoice' }),
  status: z.string().meta({ description: '`posted` or `voided` (other strings may appear)', example: 'posted' }),
  currency: z.string().meta({ description: 'ISO 4217 code, the shop currency', example: 'USD' }),
  customer_id: z.string().meta({ description: 'cus_ id of the repair order when posted' }),
  repair_order_id: z.string().meta({ description: 'ro_ id' }),
  vehicle_id: z.string().nullable().meta({ description: 'veh_ id of the repair order' }),
  credit_note_of: z
    .string()
    .nullable()
    .meta({ description: 'On a credit note: the inv_ id of the invoice it credits' }),
  business_date: businessDate.meta({ description: 'The shop-local date of posting' }),
  posted_at: instant,
  voided_at: instant.nullable(),
  void_reason: z.string().nullable().meta({ description: "The shop's reason for voiding, if it gave one" }),
  reason: z.string().nullable().meta({ description: "On a credit note: the shop's reason for it, if it gave one" }),
  totals: InvoiceTotalsSchema,
  lines: z
    .array(InvoiceLineSchema)
    .nullable()
    .meta({
      description: `Every line, in order (at most 500): never cut. A page of the list holds at most ${maxLinesPerPage.toLocaleString('en-US')} lines in all, so a page of heavy invoices holds fewer than \`limit\``,
    }),
  taxes: z.array(InvoiceTaxSchema).nullable().meta({ description: "The shop's taxes as posted, in order" }),
  discounts: z.array(InvoiceDiscountSchema).nullable().meta({ description: 'Document-level discounts (invoices)' }),
  created_at: instant,
}).meta({
  id: 'Invoice',
  description:
    'An invoice or a credit note. Posted documents never change (the database refuses it); voiding sets status `voided` and voided_at. A credit note is a dated correction with its own number, never an edit.',
})

export type Invoice = z.infer<typeof InvoiceSchema>
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>

export const InvoiceListSchema = listEnvelope(InvoiceSchema, 'InvoiceList')

export const InvoiceListQuerySchema = z.strictObject({
  limit: pageSizeParam(
    `Page size, 1-200, in plain decimal digits: the most invoices a page holds. A page also holds at most ${maxLinesPerPage.toLocaleString('en-US')} lines in all (always at least one invoice), so with heavy invoices it holds fewer, with \`has_more\` true and a \`next_cursor\` that continues right after it: page until \`has_more\` is false, never by counting rows`,
  ),
  cursor: cursorParam,
  status: z.enum(['posted', 'voided']).optional().meta({ description: 'Only documents in this status' }),
  doc_type: z.enum(['invoice', 'credit_note']).optional().meta({ description: 'Only invoices or only credit notes' }),
  customer: publicIdSchema('customer', "Only this customer's documents (a cus_ id)").optional(),
  repair_order: publicIdSchema('repairOrder', "Only this repair order's documents (a ro_ id)").optional(),
  number: textInput(18)
    .regex(/^[0-9]+$/, 'must be a whole number >= 0 in plain digits')
    .optional()
    .meta({ description: 'The exact number (integer >= 0); with doc_type, one document', example: '1' }),
  business_date_from: businessDateParam('Only documents with business_date on or after this date (inclusive)'),
  business_date_to: businessDateParam('Only documents with business_date on or before this date (inclusive)'),
})

export type InvoiceListQuery = z.output<typeof InvoiceListQuerySchema>

import type { Decimal } from 'decimal.js'
import type { Queryable } from '../../db/pool.js'
import { ApiError, type Blocker } from '../../lib/errors.js'
import { newPublicId } from '../../lib/ids.js'
import {
  buildInvoice,
  type CreditableLine,
  CreditExceedsRemainingError,
  type CreditNoteDraft,
  creditAmount,
  creditWholeLines,
  DiscountExceedsChargesError,
  type InvoiceDraft,
  type InvoiceJob,
  type InvoiceLineType,
} from '../../lib/invoice-math.js'
import {
  decimalInputs,
  ExactDecimal,
  formatMoney,
  type JobKind,
  moneyLimits,
  sumDecimals,
  totalBeyondLimit,
} from '../../lib/money.js'
import { dateIn } from '../../lib/wall-clock.js'
import { type Actor, recordEvents } from '../../platform/events.js'
import { decimalInput } from '../../platform/money-schemas.js'
import { getRecord, recordReaders } from '../../platform/resource.js'
import { getRepairOrder, moveRepairOrderByLedger, type RepairOrderRow } from '../repair-orders/service.js'
import { repriceRepairOrder } from '../shop-floor/pricing.js'
import { moveStock } from '../shop-floor/stock.js'
import { shopTaxes, taxRule } from '../shop-floor/taxes.js'
import { type InvoiceRow, invoiceDefinition } from './definition.js'

export type { InvoiceRow }

/** Lines are embedded in every invoice the API returns; posting refuses an order with more. */
export const maxInvoiceLines = 500

export const { get: getInvoice, list: listInvoices } = recordReaders(invoiceDefinition)

// ---------------------------------------------------------------------------------------------------
// Shared rules of the ledger

/** A 409 of the ledger: one blocker saying why and what would resolve it. */
export function refusal(message: string, blocker: Blocker, param?: string): ApiError {
  return new ApiError('conflict', message, { blockers: [blocker], ...(param ? { param } : {}) })
}

/**
 * The next number of a document type in the shop, from 1. The counter row stays locked until the
 * posting transaction ends and a rollback takes the increment back: gap-free, in commit order.
 */
async function nextDocumentNumber(tx: Queryable, shopId: string, docType: 'invoice' | 'credit_note'): Promise<number> {
  const { rows } = await tx.query<{ value: string }>(
    `insert into shop_counters (shop_id, name, value) values ($1::uuid, $2::text, 1)
     on conflict (shop_id, name) do update set value = shop_counters.value + 1
     returning value`,
    [shopId, docType],
  )
  return Number((rows[0] as { value: string }).value)
}

async function shopClock(tx: Queryable, shopId: string): Promise<{ timezone: string; currency: string }> {
  const { rows } = await tx.query<{ timezone: string; currency: string }>(
    'select timezone, currency::text as currency from shops where id = $1::uuid',
    [shopId],
  )
  return rows[0] as { timezone: string; currency: string }
}

/**
 * What the customer still owes on an invoice: its total, less its credit notes that are not voided,
 * less its payments (refunds and reversals are negative). Negative when the shop owes a refund.
 */
export async function invoiceBalance(db: Queryable, shopId: string, invoiceId: string): Promise<Decimal> {
  return new ExactDecimal((await invoiceAccount(db, shopId, invoiceId)).due)
}

/** Where an invoice stands: credited by its live credit notes, paid (net), and what is still due. */
export async function invoiceAccount(
  db: Queryable,
  shopId: string,
  invoiceId: string,
): Promise<{ credited: string; paid: string; due: string }> {
  const { rows } = await db.query<{ credited: string; paid: string; due: string }>(
    `select a.credited, a.paid, inv.total - a.credited - a.paid as due
     from invoices inv cross join lateral (select
       coalesce((select sum(cn.total) from invoices cn
                 where cn.shop_id = inv.shop_id and cn.credit_note_of = inv.id and cn.status = 'posted'), 0) as credited,
       coalesce((select sum(p.amount) from payments p where p.shop_id = inv.shop_id and p.invoice_id = inv.id), 0)
         as paid) a
     where inv.shop_id = $1::uuid and inv.id = $2::uuid`,
    [shopId, invoiceId],
  )
  const account = rows[0] as { credited: string; paid: string; due: string }
  return {
    credited: formatMoney(new ExactDecimal(account.credited)),
    paid: formatMoney(new ExactDecimal(account.paid)),
    due: formatMoney(new ExactDecimal(account.due)),
  }
}

/**
 * The repair order's state follows its invoice's balance: `invoiced` becomes `paid` once nothing is
 * owed (by payments or credits), and `paid` becomes `invoiced` again when a reversal or a voided
 * credit note reopens the balance. Other states (picked up on terms, closed) do not move. The order
 * is locked by the caller.
 */
export async function followBalance(
  tx: Queryable,
  actor: Actor,
  order: RepairOrderRow,
  invoiceId: string,
): Promise<void> {
  const balance = await invoiceBalance(tx, actor.shopId, invoiceId)
  if (order.state === 'invoiced' && !balance.greaterThan(0)) await moveRepairOrderByLedger(tx, actor, order, 'paid')
  else if (order.state === 'paid' && balance.greaterThan(0)) {
    await moveRepairOrderByLedger(tx, actor, order, 'invoiced')
  }
}

/** The document's repair order, locked: every change of the ledger locks it first (the lock order). */
export function lockOrderOf(tx: Queryable, actor: Actor, document: { repair_order_public_id: string }) {
  return getRepairOrder(tx, actor, document.repair_order_public_id, { forUpdate: true })
}

/** Small: which document, for which order and customer, when, and its total (docs/decisions/money-and-ledger.md). */
function documentSummary(document: InvoiceRow): Record<string, unknown> {
  return {
    number: document.number,
    doc_type: document.doc_type,
    ...(document.credit_note_of_public_id ? { credit_note_of: document.credit_note_of_public_id } : {}),
    repair_order_id: document.repair_order_public_id,
    customer_id: document.customer_public_id,
    business_date: document.business_date,
    currency: document.currency,
    total: document.total,
  }
}

interface NewDocument {
  docType: 'invoice' | 'credit_note'
  order: Pick<RepairOrderRow, 'id' | 'public_id' | 'customer_id' | 'vehicle_id'>
  creditNoteOf: string | null
  reason: string | null
  totals: InvoiceDraft['totals']
  at: Date
}

/** Inserts a posted document with its number and business date; returns its public id. */
async function insertDocument(
  tx: Queryable,
  actor: Actor,
  document: NewDocument,
): Promise<{ id: string; publicId: string }> {
  // An invoice totals what its order does (repricing refuses an order beyond the maximum) and a credit
  // note less than its invoice, so this holds; checked here too, as every total is before it is written.
  const beyond = totalBeyondLimit(document.totals)
  if (beyond) {
    throw refusal(
      `The ${document.docType.replace('_', ' ')} of repair order ${document.order.public_id} would have a ${beyond.name} of ${formatMoney(beyond.value)}, beyond the maximum of ${moneyLimits.amount}`,
      {
        type: 'repair_order',
        reason: 'total_exceeds_maximum',
        message: `Every total is at most ${moneyLimits.amount}`,
        resolution: ['Put the work on several repair orders'],
      },
    )
  }
  const clock = await shopClock(tx, actor.shopId)
  const number = await nextDocumentNumber(tx, actor.shopId, document.docType)
  const publicId = newPublicId('invoice')
  const { totals } = document
  const { rows } = await tx.query<{ id: string }>(
    `insert into invoices (shop_id, public_id, doc_type, number, status, currency, repair_order_id, customer_id,
       vehicle_id, credit_note_of, business_date, posted_at, reason, labor_total, parts_total, fees_total,
       discounts_total, subtotal, tax_total, total, created_at)
     values ($1::uuid, $2::text, $3::text, $4::bigint, 'posted', $5::text, $6::uuid, $7::uuid, $8::uuid, $9::uuid,
       $10::date, $11::timestamptz, $12::text, $13::numeric, $14::numeric, $15::numeric, $16::numeric, $17::numeric,
       $18::numeric, $19::numeric, $11::timestamptz)
     returning id`,
    [
      actor.shopId,
      publicId,
      document.docType,
      number,
      clock.currency,
      document.order.id,
      document.order.customer_id,
      document.order.vehicle_id,
      document.creditNoteOf,
      dateIn(clock.timezone, document.at),
      document.at,
      document.reason,
      ...[totals.labor, totals.parts, totals.fees, totals.discounts, totals.subtotal, totals.tax, totals.total].map(
        formatMoney,
      ),
    ],
  )
  return { id: (rows[0] as { id: string }).id, publicId }
}

interface NewLine {
  number: number
  type: InvoiceLineType
  jobId: string | null
  description: string
  quantity: Decimal | null
  unitPrice: Decimal | null
  gross: Decimal
  discountAlloc: Decimal
  taxAlloc: Decimal
  taxAllocs: Decimal[]
  lineTotal: Decimal
  creditedLine: number | null
}

async function insertLines(tx: Queryable, shopId: string, invoiceId: string, lines: NewLine[]): Promise<void> {
  if (lines.length === 0) return
  // tax_allocs travel as JSON arrays (unnest cannot carry an array per row).
  await tx.query(
    `insert into invoice_lines (shop_id, invoice_id, number, type, job_id, description, quantity, unit_price,
       gross_amount, discount_alloc, tax_alloc, tax_allocs, line_total, credited_line)
     select $1::uuid, $2::uuid, x.number, x.type, x.job_id, x.description, x.quantity, x.unit_price, x.gross_amount,
       x.discount_alloc, x.tax_alloc, array(select jsonb_array_elements_text(x.tax_allocs)::numeric), x.line_total,
       x.credited_line
     from jsonb_to_recordset($3::jsonb) as x(number integer, type text, job_id uuid, description text,
       quantity numeric, unit_price numeric, gross_amount numeric, discount_alloc numeric, tax_alloc numeric,
       tax_allocs jsonb, line_total numeric, credited_line integer)`,
    [
      shopId,
      invoiceId,
      JSON.stringify(
        lines.map((line) => ({
          number: line.number,
          type: line.type,
          job_id: line.jobId,
          description: line.description,
          quantity: line.quantity?.toFixed() ?? null,
          unit_price: line.unitPrice === null ? null : formatMoney(line.unitPrice),
          gross_amount: formatMoney(line.gross),
          discount_alloc: formatMoney(line.discountAlloc),
          tax_alloc: formatMoney(line.taxAlloc),
          tax_allocs: line.taxAllocs.map(formatMoney),
          line_total: formatMoney(line.lineTotal),
          credited_line: line.creditedLine,
        })),
      ),
    ],
  )
}

interface NewTax {
  name: string
  rate: string
  appliesTo: string[]
  taxableAmount: Decimal | null
  amount: Decimal
}

async function insertTaxes(tx: Queryable, shopId: string, invoiceId: string, taxes: NewTax[]): Promise<void> {
  if (taxes.length === 0) return
  await tx.query(
    `insert into invoice_taxes (shop_id, invoice_id, position, name, rate, applies_to, taxable_amount, amount)
     select $1::uuid, $2::uuid, x.position, x.name, x.rate, array(select jsonb_array_elements_text(x.applies_to)),
       x.taxable_amount, x.amount
     from jsonb_to_recordset($3::jsonb) as x(position integer, name text, rate numeric, applies_to jsonb,
       taxable_amount numeric, amount numeric)`,
    [
      shopId,
      invoiceId,
      JSON.stringify(
        taxes.map((tax, index) => ({
          position: index + 1,
          name: tax.name,
          rate: tax.rate,
          applies_to: tax.appliesTo,
          taxable_amount: tax.taxableAmount === null ? null : formatMoney(tax.taxableAmount),
          amount: formatMoney(tax.amount),
        })),
      ),
    ],
  )
}

// ---------------------------------------------------------------------------------------------------
// Posting

interface JobForInvoice {
  id: string
  public_id: string
  name: string
  kind: JobKind
  taxable: boolean
  flat_amount: string | null
  decision_state: string
}

/** The order's authorized jobs with their lines, in document order (oldest first). */
async function invoiceJobs(tx: Queryable, shopId: string, jobs: JobForInvoice[]): Promise<InvoiceJob[]> {
  const ids = jobs.map((job) => job.id)
  const labor = await tx.query<{ job_id: string; description: string | null; hours: string; rate: string }>(
    `select job_id, description, hours, rate from job_labor where shop_id = $1::uuid and job_id = any($2::uuid[])
     order by created_at, position`,
    [shopId, ids],
  )
  const parts = await tx.query<{ job_id: string; description: string; quantity: string; unit_price: string }>(
    `select job_id, description, quantity, unit_price from job_parts where shop_id = $1::uuid and job_id = any($2::uuid[])
     order by created_at, position`,
    [shopId, ids],
  )
  return jobs.map((job) => ({
    ref: job.id,
    name: job.name,
    kind: job.kind,
    taxable: job.taxable,
    flatAmount: job.flat_amount === null ? null : new ExactDecimal(job.flat_amount),
    labor: labor.rows
      .filter((line) => line.job_id === job.id)
      .map((line) => ({
        description: line.description,
        hours: new ExactDecimal(line.hours),
        rate: new ExactDecimal(line.rate),
      })),
    parts: parts.rows
      .filter((line) => line.job_id === job.id)
      .map((line) => ({
        description: line.description,
        quantity: new ExactDecimal(line.quantity),
        unitPrice: new ExactDecimal(line.unit_price),
      })),
  }))
}

/** The posted (not voided) invoice of a repair order, if it has one. */
export async function liveInvoiceOf(tx: Queryable, shopId: string, orderId: string) {
  const { rows } = await tx.query<{ id: string; public_id: string; number: string }>(
    `select id, public_id, number from invoices
     where shop_id = $1::uuid and repair_order_id = $2::uuid and doc_type = 'invoice' and status = 'posted'`,
    [shopId, orderId],
  )
  return rows[0]
}

/** 409 unless the order can be invoiced now: ready for pickup, no live invoice, no undecided job. */
async function assertInvoiceable(tx: Queryable, actor: Actor, order: RepairOrderRow, jobs: JobForInvoice[]) {
  const live = await liveInvoiceOf(tx, actor.shopId, order.id)
  if (live) {
    throw refusal(`Repair order ${order.public_id} already has invoice ${live.number} (${live.public_id})`, {
      type: 'repair_order',
      reason: 'already_invoiced',
      message: `Invoice ${live.public_id} is posted for this order`,
      resolution: [`Void ${live.public_id} to post the order again, or correct it with a credit note`],
    })
  }
  if (order.state !== 'ready_for_pickup') {
    throw refusal(
      `Repair order ${order.public_id} is ${order.state}: an order is invoiced when it is ready for pickup`,
      {
        type: 'repair_order',
        reason: `state_${order.state}`,
        message: 'Only an order that is ready_for_pickup is invoiced',
        resolution: [`Move it to ready_for_pickup first (shopapi repair-orders set-state ${order.public_id} ...)`],
      },
    )
  }
  const pending = jobs.filter((job) => job.decision_state === 'pending')
  if (pending.length > 0) {
    throw refusal(
      `Repair order ${order.public_id} has undecided jobs: ${pending.map((job) => job.public_id).join(', ')}`,
      {
        type: 'repair_order',
        reason: 'jobs_pending',
        message: `${pending.length} job${pending.length > 1 ? 's are' : ' is'} still pending a decision`,
        resolution: pending.map((job) => `Decide ${job.public_id} (shopapi jobs decide ${job.public_id} ...)`),
      },
    )
  }
}

/**
 * Posts the invoice of a repair order (`shopapi invoices post`): from its authorized jobs, their labor,
 * parts, fees and discounts and the shop's taxes (buildInvoice), numbered, dated with the shop-local
 * date of `at`. The order is locked first, so concurrent posts of one order give one invoice; it is
 * repriced in the same transaction, so the invoice's totals are the order's. The order moves to
 * `invoiced`; `invoice.posted` and `repair_order.status_changed` are recorded.
 */
export async function postInvoice(
  tx: Queryable,
  actor: Actor,
  repairOrderPublicId: string,
  options: { at?: Date } = {},
): Promise<InvoiceRow> {
  const order = await getRepairOrder(tx, actor, repairOrderPublicId, { forUpdate: true, param: 'repair_order' })
  const { rows: jobs } = await tx.query<JobForInvoice>(
    `select id, public_id, name, kind, taxable, flat_amount, decision_state from jobs
     where shop_id = $1::uuid and repair_order_id = $2::uuid order by created_at, public_id`,
    [actor.shopId, order.id],
  )
  await assertInvoiceable(tx, actor, order, jobs)
  const authorized = jobs.filter((job) => job.decision_state === 'authorized')
  await repriceRepairOrder(tx, actor, order.id)
  const taxes = await shopTaxes(tx, actor.shopId)
  let draft: InvoiceDraft
  try {
    draft = buildInvoice(await invoiceJobs(tx, actor.shopId, authorized), taxes.map(taxRule), order.tax_exempt)
  } catch (error) {
    if (!(error instanceof DiscountExceedsChargesError)) throw error
    throw refusal(`Repair order ${order.public_id}: ${error.message}`, {
      type: 'repair_order',
      reason: 'discount_exceeds_charges',
      message: 'A document cannot total less than zero',
      resolution: ['Lower or cancel a discount job'],
    })
  }
  if (draft.lines.length === 0) {
    throw refusal(`Repair order ${order.public_id} has no authorized work to invoice`, {
      type: 'repair_order',
      reason: 'nothing_to_invoice',
      message: 'No authorized job has labor, parts or a fee',
      resolution: ['Authorize the work (shopapi jobs decide JOB_ID authorized), or cancel the order'],
    })
  }
  if (draft.lines.length > maxInvoiceLines) {
    throw refusal(`Repair order ${order.public_id} would make ${draft.lines.length} invoice lines`, {
      type: 'repair_order',
      reason: 'too_many_lines',
      message: `An invoice has at most ${maxInvoiceLines} lines`,
      resolution: ['Split the work over several repair orders'],
    })
  }
  const repriced = await getRepairOrder(tx, actor, order.public_id)
  const totals = draft.totals
  if (formatMoney(totals.total) !== repriced.total || formatMoney(totals.tax) !== repriced.tax_total) {
    // Pending jobs are refused above, so the order counts exactly the authorized jobs invoiced here.
    throw new Error(`invoice of ${order.public_id} totals ${formatMoney(totals.total)}, the order ${repriced.total}`)
  }
  const document = await insertDocument(tx, actor, {
    docType: 'invoice',
    order,
    creditNoteOf: null,
    reason: null,
    totals,
    at: options.at ?? new Date(),
  })
  await insertLines(
    tx,
    actor.shopId,
    document.id,
    draft.lines.map((line) => ({ ...line, jobId: line.jobRef, creditedLine: null })),
  )
  await insertTaxes(
    tx,
    actor.shopId,
    document.id,
    taxes.map((tax, index) => ({
      name: tax.name,
      rate: tax.rate,
      appliesTo: tax.applies_to,
      taxableAmount: (draft.taxes[index] as InvoiceDraft['taxes'][number]).taxableAmount,
      amount: (draft.taxes[index] as InvoiceDraft['taxes'][number]).amount,
    })),
  )
  if (draft.discounts.length > 0) {
    await tx.query(
      `insert into invoice_discounts (shop_id, invoice_id, position, job_id, description, amount)
       select $1::uuid, $2::uuid, x.position, x.job_id, x.description, x.amount
       from unnest($3::integer[], $4::uuid[], $5::text[], $6::numeric[]) as x(position, job_id, description, amount)`,
      [
        actor.shopId,
        document.id,
        draft.discounts.map((_, index) => index + 1),
        draft.discounts.map((discount) => discount.jobRef),
        draft.discounts.map((discount) => discount.description),
        draft.discounts.map((discount) => formatMoney(discount.amount)),
      ],
    )
  }
  const posted = await getInvoice(tx, actor, document.publicId)
  await recordEvents(tx, actor, [
    { type: 'invoice.posted', objectType: 'invoice', objectId: posted.public_id, summary: documentSummary(posted) },
  ])
  // The invoiced parts leave the shop: off hand and out of the reservation.
  await moveStock(tx, actor.shopId, order.id, 'consume')
  await moveRepairOrderByLedger(tx, actor, order, 'invoiced')
  return posted
}

// ---------------------------------------------------------------------------------------------------
// Voiding

async function liveCreditNotes(tx: Queryable, shopId: string, invoiceId: string) {
  const { rows } = await tx.query<{ public_id: string }>(
    `select public_id from invoices where shop_id = $1::uuid and credit_note_of = $2::uuid and status = 'posted'
     order by number`,
    [shopId, invoiceId],
  )
  return rows.map((row) => row.public_id)
}

/**
 * Voids a posted invoice or credit note (`shopapi invoices void`): status `voided`, voided_at, the
 * reason; nothing else changes. An invoice is voided only while its order is `invoiced`, without
 * credit notes and with its payments reversed (their sum zero); its order returns to
 * `ready_for_pickup`, open to changes and to a new invoice. A voided credit note gives its credit
 * back to the invoice's balance. Records `invoice.voided`.
 */
export async function voidInvoice(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  options: { reason?: string | null; at?: Date } = {},
): Promise<InvoiceRow> {
  const unlocked = await getRecord(invoiceDefinition, tx, actor, publicId)
  const order = await lockOrderOf(tx, actor, unlocked)
  const document = await getRecord(invoiceDefinition, tx, actor, publicId, { forUpdate: true })
  const noun = document.doc_type === 'invoice' ? 'Invoice' : 'Credit note'
  if (document.status === 'voided') {
    throw refusal(`${noun} ${document.number} (${publicId}) is already voided`, {
      type: 'invoice',
      reason: 'state_voided',
      message: `${publicId} was voided ${document.voided_at?.toISOString()}`,
      resolution: [],
    })
  }
  if (document.doc_type === 'invoice') {
    const credits = await liveCreditNotes(tx, actor.shopId, document.id)
    if (credits.length > 0) {
      throw refusal(`Invoice ${document.number} has credit notes: ${credits.join(', ')}`, {
        type: 'invoice',
        reason: 'has_credit_notes',
        message: 'An invoice with credit notes is not voided',
        resolution: credits.map((id) => `Void credit note ${id} first`),
      })
    }
    const { rows } = await tx.query<{ paid: string }>(
      'select coalesce(sum(amount), 0) as paid from payments where shop_id = $1::uuid and invoice_id = $2::uuid',
      [actor.shopId, document.id],
    )
    const paid = new ExactDecimal((rows[0] as { paid: string }).paid)
    if (!paid.isZero()) {
      throw refusal(`Invoice ${document.number} has payments of ${formatMoney(paid)} ${document.currency}`, {
        type: 'invoice',
        reason: 'has_payments',
        message: 'An invoice with payments is not voided',
        resolution: [
          'Reverse its payments first (shopapi payments reverse PAY_ID)',
          'Or correct it with a credit note',
        ],
      })
    }
    if (order.state !== 'invoiced') {
      throw refusal(`Repair order ${order.public_id} is ${order.state}: its invoice is corrected with a credit note`, {
        type: 'repair_order',
        reason: `state_${order.state}`,
        message: 'An invoice is voided only while its order is invoiced',
        resolution: [`Issue a credit note (shopapi credit-notes issue ${publicId} ...)`],
      })
    }
  }
  await tx.query(
    `update invoices set status = 'voided', voided_at = $3::timestamptz, void_reason = $4::text
     where shop_id = $1::uuid and id = $2::uuid`,
    [actor.shopId, document.id, options.at ?? new Date(), options.reason ?? null],
  )
  const voided = await getInvoice(tx, actor, publicId)
  await recordEvents(tx, actor, [
    { type: 'invoice.voided', objectType: 'invoice', objectId: publicId, summary: documentSummary(voided) },
  ])
  if (document.doc_type === 'invoice') {
    // What the invoice consumed is back on hand; the order, open again, reserves it (moveRepairOrderByLedger).
    await moveStock(tx, actor.shopId, order.id, 'restore')
    await moveRepairOrderByLedger(tx, actor, order, 'ready_for_pickup')
  } else await followBalance(tx, actor, order, document.credit_note_of as string)
  return voided
}

// ---------------------------------------------------------------------------------------------------
// Credit notes

export interface CreditNoteInput {
  /** A credit of this amount, tax included, spread over the invoice's lines. */
  amount?: string | undefined
  /** Or everything that remains of these lines (numbers of the invoice's lines). */
  lines?: number[] | undefined
  reason?: string | null | undefined
}

/** What remains to credit on each line of the invoice: its net and taxes less earlier credits. */
async function creditableLines(tx: Queryable, invoice: InvoiceRow): Promise<CreditableLine[]> {
  const { rows } = await tx.query<{ credited_line: number; gross_amount: string; tax_allocs: string[] }>(
    `select l.credited_line, l.gross_amount, l.tax_allocs::text[] as tax_allocs
     from invoices cn join invoice_lines l on l.shop_id = cn.shop_id and l.invoice_id = cn.id
     where cn.shop_id = $1::uuid and cn.credit_note_of = $2::uuid and cn.status = 'posted'`,
    [invoice.shop_id, invoice.id],
  )
  return invoice.lines.map((line) => {
    const earlier = rows.filter((credit) => credit.credited_line === line.number)
    return {
      number: line.number,
      type: line.type,
      jobRef: line.job_public_id ?? '',
      description: line.description,
      remainingNet: new ExactDecimal(line.gross_amount)
        .minus(line.discount_alloc)
        .minus(sumDecimals(earlier.map((credit) => new ExactDecimal(credit.gross_amount)))),
      remainingTaxes: line.tax_allocs.map((tax, position) =>
        new ExactDecimal(tax).minus(
          sumDecimals(earlier.map((credit) => new ExactDecimal(credit.tax_allocs[position] as string))),
        ),
      ),
    }
  })
}

function remainingOf(line: CreditableLine): Decimal {
  return line.remainingNet.plus(sumDecimals(line.remainingTaxes))
}

/** The credit note's draft, or the refusal that says what can still be credited. */
function draftCredit(invoice: InvoiceRow, lines: CreditableLine[], input: CreditNoteInput): CreditNoteDraft {
  const available = sumDecimals(lines.map(remainingOf))
  const exhausted = () =>
    refusal(`Invoice ${invoice.number} is fully credited`, {
      type: 'invoice',
      reason: 'fully_credited',
      message: `Nothing of ${invoice.public_id} remains to credit`,
      resolution: [],
    })
  if (input.amount !== undefined) {
    const amount = decimalInput(input.amount, 'amount', decimalInputs.amount)
    if (amount.isZero()) throw new ApiError('invalid_request', 'amount must be more than 0', { param: 'amount' })
    if (available.isZero()) throw exhausted()
    try {
      return creditAmount(amount, lines)
    } catch (error) {
      if (!(error instanceof CreditExceedsRemainingError)) throw error
      throw refusal(
        `A credit of ${formatMoney(amount)} exceeds the ${formatMoney(available)} ${invoice.currency} left to credit on invoice ${invoice.number}`,
        {
          type: 'invoice',
          reason: 'exceeds_creditable',
          message: `At most ${formatMoney(available)} can still be credited`,
          resolution: [`Credit ${formatMoney(available)} or less`],
        },
        'amount',
      )
    }
  }
  const numbers = [...new Set(input.lines ?? [])].sort((a, b) => a - b)
  const chosen = numbers.map((number) => {
    const line = lines.find((candidate) => candidate.number === number)
    if (!line) {
      throw new ApiError(
        'invalid_request',
        `Invoice ${invoice.number} has no line ${number} (lines 1-${lines.length})`,
        {
          param: 'line',
        },
      )
    }
    if (line.type === 'discount') {
      throw refusal(
        `Line ${number} of invoice ${invoice.number} is a discount: it is credited with the lines it was allocated to`,
        {
          type: 'invoice',
          reason: 'discount_line',
          message: `Line ${number} states a discount allocated to the charged lines; it charges nothing of its own`,
          resolution: ['Credit the charged lines (their net is after the discount), or credit an amount'],
        },
        'line',
      )
    }
    if (remainingOf(line).isZero()) {
      throw refusal(
        `Line ${number} of invoice ${invoice.number} is fully credited`,
        {
          type: 'invoice',
          reason: 'line_fully_credited',
          message: `Nothing of line ${number} remains to credit`,
          resolution: [],
        },
        'line',
      )
    }
    return line
  })
  return creditWholeLines(chosen)
}

/**
 * Issues a credit note on a posted invoice (`shopapi credit-notes issue`): an amount, tax included,
 * spread over the lines in proportion to what remains of each, or the whole remainder of chosen lines.
 * The credit never exceeds what the invoice charged less its earlier credit notes (not voided), per
 * line and per tax. The credit note has its own number and business date; its amounts are positive.
 * Records `credit_note.issued`; the order becomes `paid` when nothing is owed any more.
 */
export async function issueCreditNote(
  tx: Queryable,
  actor: Actor,
  invoicePublicId: string,
  input: CreditNoteInput,
  options: { at?: Date } = {},
): Promise<InvoiceRow> {
  if ((input.amount === undefined) === (input.lines === undefined || input.lines.length === 0)) {
    throw new ApiError('invalid_request', 'Give either an amount or the lines to credit', { param: 'amount' })
  }
  const unlocked = await getRecord(invoiceDefinition, tx, actor, invoicePublicId, { param: 'invoice' })
  if (unlocked.doc_type !== 'invoice') {
    throw refusal(
      `${invoicePublicId} is a credit note: credit notes are issued on invoices`,
      {
        type: 'invoice',
        reason: 'not_an_invoice',
        message: 'A credit note is not credited',
        resolution: [`Void it instead (shopapi invoices void ${invoicePublicId})`],
      },
      'invoice',
    )
  }
  const order = await lockOrderOf(tx, actor, unlocked)
  const invoice = await getInvoice(tx, actor, invoicePublicId)
  if (invoice.status !== 'posted') {
    throw refusal(
      `Invoice ${invoice.number} (${invoicePublicId}) is voided: there is nothing to credit`,
      { type: 'invoice', reason: 'state_voided', message: `${invoicePublicId} is voided`, resolution: [] },
      'invoice',
    )
  }
  const lines = await creditableLines(tx, invoice)
  const draft = draftCredit(invoice, lines, input)
  const document = await insertDocument(tx, actor, {
    docType: 'credit_note',
    order,
    creditNoteOf: invoice.id,
    reason: input.reason ?? null,
    totals: draft.totals,
    at: options.at ?? new Date(),
  })
  const jobIds = await tx.query<{ number: number; job_id: string | null }>(
    'select number, job_id from invoice_lines where shop_id = $1::uuid and invoice_id = $2::uuid',
    [actor.shopId, invoice.id],
  )
  await insertLines(
    tx,
    actor.shopId,
    document.id,
    draft.lines.map((line) => ({
      ...line,
      jobId: jobIds.rows.find((row) => row.number === line.credits)?.job_id ?? null,
      quantity: null,
      unitPrice: null,
      creditedLine: line.credits,
    })),
  )
  await insertTaxes(
    tx,
    actor.shopId,
    document.id,
    invoice.taxes.map((tax, index) => ({
      name: tax.name,
      rate: tax.rate,
      appliesTo: tax.applies_to,
      taxableAmount: null,
      amount: draft.taxes[index] as Decimal,
    })),
  )
  const issued = await getInvoice(tx, actor, document.publicId)
  await recordEvents(tx, actor, [
    {
      type: 'credit_note.issued',
      objectType: 'invoice',
      objectId: issued.public_id,
      summary: documentSummary(issued),
    },
  ])
  await followBalance(tx, actor, order, invoice.id)
  return issued
}

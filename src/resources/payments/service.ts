import type { Decimal } from 'decimal.js'
import type { Queryable } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { newPublicId } from '../../lib/ids.js'
import { decimalInputs, ExactDecimal, formatMoney } from '../../lib/money.js'
import { dateIn, isCalendarDate, yearsBefore } from '../../lib/wall-clock.js'
import { type Actor, recordEvents } from '../../platform/events.js'
import { decimalInput } from '../../platform/money-schemas.js'
import { getRecord, recordReaders } from '../../platform/resource.js'
import { invoiceDefinition } from '../invoices/definition.js'
import { followBalance, invoiceBalance, lockOrderOf, refusal } from '../invoices/service.js'
import { type PaymentFilters, type PaymentRow, paymentDefinition, paymentKind, paymentMethods } from './definition.js'

export type { PaymentRow }

export { paymentKind }

export const { get: getPayment, list: listPayments } = recordReaders<PaymentRow, PaymentFilters>(paymentDefinition)

/** Small: which invoice and order, which way, when and how much (docs/decisions/money-and-ledger.md "Payments"). */
function paymentSummary(row: PaymentRow): Record<string, unknown> {
  return {
    kind: paymentKind(row),
    ...(row.reversal_of_public_id ? { reversal_of: row.reversal_of_public_id } : {}),
    invoice_id: row.invoice_public_id,
    repair_order_id: row.repair_order_public_id,
    business_date: row.business_date,
    method: row.method,
    currency: row.currency,
    amount: row.amount,
  }
}

async function shopTimezone(db: Queryable, shopId: string): Promise<string> {
  const { rows } = await db.query<{ timezone: string }>('select timezone from shops where id = $1::uuid', [shopId])
  return (rows[0] as { timezone: string }).timezone
}

interface NewPayment {
  invoice: { id: string; repair_order_id: string; customer_id: string; currency: string }
  amount: Decimal
  method: string
  businessDate: string
  recordedAt: Date
  reversalOf: string | null
  reason: string | null
}

/**
 * Writes a payment (or a reversal) on the locked `order`'s invoice, records its event and lets the
 * order follow the new balance. Returns the payment as a get reads it.
 */
async function addPayment(
  tx: Queryable,
  actor: Actor,
  order: Awaited<ReturnType<typeof lockOrderOf>>,
  payment: NewPayment,
  eventType: 'payment.recorded' | 'payment.reversed',
): Promise<PaymentRow> {
  const publicId = newPublicId('payment')
  await tx.query(
    `insert into payments (shop_id, public_id, invoice_id, repair_order_id, customer_id, amount, currency, method,
       business_date, recorded_at, reversal_of, reason, created_at)
     values ($1::uuid, $2::text, $3::uuid, $4::uuid, $5::uuid, $6::numeric, $7::text, $8::text, $9::date,
       $10::timestamptz, $11::uuid, $12::text, $10::timestamptz)`,
    [
      actor.shopId,
      publicId,
      payment.invoice.id,
      payment.invoice.repair_order_id,
      payment.invoice.customer_id,
      formatMoney(payment.amount),
      payment.invoice.currency,
      payment.method,
      payment.businessDate,
      payment.recordedAt,
      payment.reversalOf,
      payment.reason,
    ],
  )
  const added = await getPayment(tx, actor, publicId)
  await recordEvents(tx, actor, [
    { type: eventType, objectType: 'payment', objectId: publicId, summary: paymentSummary(added) },
  ])
  await followBalance(tx, actor, order, payment.invoice.id)
  return added
}

/**
 * How far back a business date may go: a shop records late, but a payment dated more than a year
 * before today is a typo (0001-01-01, 2016 for 2026), and books are closed yearly.
 */
export const maxBusinessDateAgeYears = 1

export interface PaymentInput {
  invoice: string
  /** Signed: a payment is positive, a refund (money back after a credit note) negative. */
  amount: string
  method: string
  /**
   * `YYYY-MM-DD` from a year before today to today in the shop's zone; default: the shop-local date of
   * recording.
   */
  businessDate?: string | undefined
  reason?: string | null | undefined
}

/**
 * Records a payment on a posted invoice (`shopapi payments record`). A payment never exceeds the
 * balance (no overpayment); a refund, negative, only pays back what credit notes made the shop owe.
 * The business date is the shop-local date of `at` unless given. Records `payment.recorded`; a
 * payment that settles the balance moves the order to `paid`.
 */
export async function recordPayment(
  tx: Queryable,
  actor: Actor,
  input: PaymentInput,
  options: { at?: Date } = {},
): Promise<PaymentRow> {
  const amount = decimalInput(input.amount, 'amount', decimalInputs.signedAmount)
  if (amount.isZero()) throw new ApiError('invalid_request', 'amount must not be zero', { param: 'amount' })
  if (!(paymentMethods as readonly string[]).includes(input.method)) {
    throw new ApiError('invalid_request', `method must be one of ${paymentMethods.join(', ')}`, { param: 'method' })
  }
  const at = options.at ?? new Date()
  const timezone = await shopTimezone(tx, actor.shopId)
  const today = dateIn(timezone, at)
  const businessDate = input.businessDate ?? today
  const earliest = yearsBefore(today, maxBusinessDateAgeYears)
  if (!isCalendarDate(businessDate)) {
    throw new ApiError(
      'invalid_request',
      `business-date must be a real calendar date YYYY-MM-DD from ${earliest} to ${today} (today in ${timezone})`,
      { param: 'business-date' },
    )
  }
  if (businessDate > today || businessDate < earliest) {
    throw new ApiError(
      'invalid_request',
      `business-date ${businessDate} is ${businessDate > today ? 'after today' : 'more than a year before today'}: give a date from ${earliest} to ${today} (today in ${timezone})`,
      { param: 'business-date' },
    )
  }
  const unlocked = await getRecord(invoiceDefinition, tx, actor, input.invoice, { param: 'invoice' })
  if (unlocked.doc_type !== 'invoice') {
    throw refusal(
      `${input.invoice} is a credit note: payments settle invoices`,
      {
        type: 'invoice',
        reason: 'not_an_invoice',
        message: 'A credit note is settled through its invoice',
        resolution: [`Record the refund on invoice ${unlocked.credit_note_of_public_id} with a negative amount`],
      },
      'invoice',
    )
  }
  const order = await lockOrderOf(tx, actor, unlocked)
  const invoice = await getRecord(invoiceDefinition, tx, actor, input.invoice)
  if (invoice.status !== 'posted') {
    throw refusal(
      `Invoice ${invoice.number} (${invoice.public_id}) is voided: it takes no payments`,
      { type: 'invoice', reason: 'state_voided', message: `${invoice.public_id} is voided`, resolution: [] },
      'invoice',
    )
  }
  const balance = await invoiceBalance(tx, actor.shopId, invoice.id)
  const currency = invoice.currency
  if (amount.greaterThan(0) && amount.greaterThan(balance)) {
    throw refusal(
      `A payment of ${formatMoney(amount)} exceeds the balance of ${formatMoney(balance)} ${currency} on invoice ${invoice.number}`,
      {
        type: 'invoice',
        reason: 'exceeds_balance',
        message: `The balance is ${formatMoney(balance)} ${currency}`,
        resolution: balance.greaterThan(0) ? [`Record ${formatMoney(balance)} or less`] : ['Nothing is owed'],
      },
      'amount',
    )
  }
  if (amount.isNegative() && amount.negated().greaterThan(balance.negated())) {
    const owed = balance.isNegative() ? balance.negated() : new ExactDecimal(0)
    throw refusal(
      `A refund of ${formatMoney(amount.negated())} exceeds the ${formatMoney(owed)} ${currency} the shop owes on invoice ${invoice.number}`,
      {
        type: 'invoice',
        reason: 'exceeds_credit',
        message: `The shop owes ${formatMoney(owed)} ${currency} (credit notes beyond payments)`,
        resolution: ['A payment taken by mistake is reversed (shopapi payments reverse PAY_ID)'],
      },
      'amount',
    )
  }
  return addPayment(
    tx,
    actor,
    order,
    {
      invoice: { id: invoice.id, repair_order_id: invoice.repair_order_id, customer_id: invoice.customer_id, currency },
      amount,
      method: input.method,
      businessDate,
      recordedAt: at,
      reversalOf: null,
      reason: input.reason ?? null,
    },
    'payment.recorded',
  )
}

/**
 * Reverses a payment (`shopapi payments reverse`): a new, negative payment of the same amount and
 * method with `reversal_of`, dated with the shop-local date of `at`. A payment is reversed at most
 * once; a reversal and a refund are never reversed (a refund made by mistake is offset by a
 * payment). Records `payment.reversed`; the order returns from `paid` to `invoiced` when a balance
 * is owed again.
 */
export async function reversePayment(
  tx: Queryable,
  actor: Actor,
  publicId: string,
  options: { reason?: string | null; at?: Date } = {},
): Promise<PaymentRow> {
  const unlocked = await getPayment(tx, actor, publicId)
  const order = await lockOrderOf(tx, actor, unlocked)
  const payment = await getPayment(tx, actor, publicId)
  if (payment.reversal_of_public_id !== null) {
    throw refusal(`${publicId} is a reversal (of ${payment.reversal_of_public_id}): a reversal is never reversed`, {
      type: 'payment',
      reason: 'is_reversal',
      message: `${publicId} reverses ${payment.reversal_of_public_id}`,
      resolution: [`Record the payment again if ${payment.reversal_of_public_id} was right after all`],
    })
  }
  const invoice = await getRecord(invoiceDefinition, tx, actor, payment.invoice_public_id)
  if (invoice.status !== 'posted') {
    // Voiding needed the payments to net to zero: what was paid was given back, and a reversal now
    // would give it back twice (the voided invoice would show money owed to the customer).
    throw refusal(
      `${publicId} is on invoice ${invoice.number} (${invoice.public_id}), which is voided: the payments of a voided invoice are final (they netted to zero when it was voided); record any money for the order on the invoice posted again`,
      {
        type: 'invoice',
        reason: 'state_voided',
        message: `${invoice.public_id} was voided with its payments netting to zero`,
        resolution: [
          'Record the money on the invoice posted again for the order (shopapi invoices post RO_ID), as a payment or a refund',
        ],
      },
    )
  }
  if (payment.amount.startsWith('-')) {
    throw refusal(`${publicId} is a refund: a refund is not reversed`, {
      type: 'payment',
      reason: 'is_refund',
      message: 'A reversal is a negative payment; a refund is negative already',
      resolution: ['Offset a refund made by mistake by recording a payment'],
    })
  }
  const { rows } = await tx.query<{ public_id: string }>(
    'select public_id from payments where shop_id = $1::uuid and reversal_of = $2::uuid',
    [actor.shopId, payment.id],
  )
  const existing = rows[0]
  if (existing) {
    throw refusal(`${publicId} was already reversed by ${existing.public_id}`, {
      type: 'payment',
      reason: 'already_reversed',
      message: `${existing.public_id} reverses it`,
      resolution: [],
    })
  }
  const at = options.at ?? new Date()
  return addPayment(
    tx,
    actor,
    order,
    {
      invoice: {
        id: payment.invoice_id,
        repair_order_id: order.id,
        customer_id: payment.customer_id,
        currency: payment.currency,
      },
      amount: new ExactDecimal(payment.amount).negated(),
      method: payment.method,
      businessDate: dateIn(await shopTimezone(tx, actor.shopId), at),
      recordedAt: at,
      reversalOf: payment.id,
      reason: options.reason ?? null,
    },
    'payment.reversed',
  )
}

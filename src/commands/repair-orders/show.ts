import { Args } from '@oclif/core'
import { nameOf, namesOf } from '../../cli/names.js'
import { StaffCommand } from '../../cli/staff.js'
import { ExactDecimal, formatMoney } from '../../lib/money.js'
import type { PageRequest } from '../../platform/pagination.js'
import { invoiceAccount, liveInvoiceOf } from '../../resources/invoices/service.js'
import { toJobResource, toLaborResource, toPartResource } from '../../resources/jobs/present.js'
import { listJobsOfRepairOrder, listLaborOfJob, listPartsOfJob } from '../../resources/jobs/service.js'
import { toRepairOrderResource } from '../../resources/repair-orders/present.js'
import { getRepairOrder } from '../../resources/repair-orders/service.js'

// One screen of an order: its jobs and each job's lines, a page each (the API's largest).
const page: PageRequest = { sort: 'created_at', limit: 200 }

export default class RepairOrdersShow extends StaffCommand {
  static override description =
    "Show a repair order as the counter reads it: the customer, vehicle and technicians named beside their ids; each job with its state and its labor, part, fee and discount lines; the totals (labor, parts, fees, discounts, subtotal, tax, total) and, once invoiced, what is paid and the balance. --json prints the order as the API's GET /repair-orders/{id} does."
  static override examples = [
    '<%= config.bin %> repair-orders show ro_4bW2yXk0fT9QmZr7LcVd1p',
    '<%= config.bin %> repair-orders show ro_4bW2yXk0fT9QmZr7LcVd1p --json',
  ]
  static override args = {
    id: Args.string({ description: 'The repair order (ro_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(RepairOrdersShow)
    const record = { table: 'repair_orders', kind: 'repairOrder', publicId: args.id } as const
    const shown = await this.staffRead({ ...flags, record }, async ({ db, actor, shop }) => {
      const row = await getRepairOrder(db, actor, args.id, { param: 'id' })
      const order = toRepairOrderResource(row)
      if (this.jsonEnabled()) return { order, details: null }
      const jobRows = await listJobsOfRepairOrder(db, actor, order.id, page)
      // Oldest first, the order the work was written up in.
      const jobs = [...jobRows.rows].reverse()
      const lines = []
      for (const job of jobs) {
        const labor = await listLaborOfJob(db, actor, job, page)
        const parts = await listPartsOfJob(db, actor, job, page)
        lines.push({
          job: toJobResource(job, 'staff'),
          labor: [...labor.rows].reverse().map(toLaborResource),
          parts: [...parts.rows].reverse().map(toPartResource),
        })
      }
      const invoice = await liveInvoiceOf(db, shop.id, row.id)
      const account = invoice ? { invoice, ...(await invoiceAccount(db, shop.id, invoice.id)) } : null
      const names = await namesOf(db, shop.id, {
        customers: [order.customer_id],
        vehicles: [order.vehicle_id],
        technicians: lines.flatMap(({ job, labor }) => [
          job.technician_id,
          ...labor.map((entry) => entry.technician_id),
        ]),
      })
      return { order, details: { lines, account, names, moreJobs: jobRows.hasMore } }
    })
    const { order, details } = shown
    if (!details) return order
    const { lines, account, names, moreJobs } = details
    this.log(`Repair order ${order.number} (${order.id}): ${order.state}`)
    this.printRecord({
      customer_id: order.customer_id,
      customer: nameOf(names, order.customer_id),
      vehicle_id: order.vehicle_id,
      vehicle: nameOf(names, order.vehicle_id),
      concern: order.customer_concern,
      odometer_in: order.odometer_in,
      appointment_id: order.origin_appointment_id,
      promised_at: order.promised_at,
    })

    this.printTableSection(
      moreJobs ? `Jobs (the first ${page.limit})` : 'Jobs',
      lines.map(({ job }) => ({
        ...job,
        technician: nameOf(names, job.technician_id),
        total: job.pricing?.total,
        counts: job.decision_state === 'pending' || job.decision_state === 'authorized' ? 'yes' : 'no',
      })),
      [
        { key: 'id', header: 'JOB ID' },
        { key: 'name', header: 'JOB' },
        { key: 'decision_state', header: 'DECISION' },
        { key: 'execution_state', header: 'WORK' },
        { key: 'technician_id', header: 'TECHNICIAN ID' },
        { key: 'technician', header: 'TECHNICIAN' },
        { key: 'counts', header: 'PRICED' },
        { key: 'total', header: 'TOTAL' },
      ],
    )

    const priced = lines.flatMap(({ job, labor, parts }) => [
      ...labor.map((entry) => ({
        job: job.name,
        type: 'labor',
        description: entry.description ?? job.name,
        quantity: `${entry.hours} h`,
        price: entry.pricing?.rate,
        amount: entry.pricing?.amount,
        technician_id: entry.technician_id,
        technician: nameOf(names, entry.technician_id),
      })),
      ...parts.map((part) => ({
        job: job.name,
        type: 'part',
        description: part.part_number ? `${part.description} (${part.part_number})` : part.description,
        quantity: part.quantity,
        price: part.pricing?.unit_price,
        amount: part.pricing?.amount,
        technician_id: null,
        technician: null,
      })),
      // A fee or discount job is its own line: its amount is in its pricing.
      ...(job.kind === 'fee' || job.kind === 'discount'
        ? [
            {
              job: job.name,
              type: job.kind,
              description: job.name,
              quantity: null,
              price: null,
              amount: job.kind === 'fee' ? job.pricing?.fees : job.pricing?.discounts,
              technician_id: null,
              technician: null,
            },
          ]
        : []),
    ])
    this.printTableSection('Lines', priced, [
      { key: 'job', header: 'JOB' },
      { key: 'type', header: 'TYPE' },
      { key: 'description', header: 'DESCRIPTION' },
      { key: 'quantity', header: 'QTY' },
      { key: 'price', header: 'PRICE' },
      { key: 'amount', header: 'AMOUNT' },
      { key: 'technician_id', header: 'TECHNICIAN ID' },
      { key: 'technician', header: 'TECHNICIAN' },
    ])

    const pricing = order.pricing
    if (pricing) {
      const paid = account ? account.paid : '0.00'
      const balance = account ? account.due : pricing.total
      this.printTableSection(
        `Totals (${pricing.currency}; declined, deferred and cancelled jobs are not priced)`,
        [
          { line: 'Labor', amount: pricing.labor },
          { line: 'Parts', amount: pricing.parts },
          { line: 'Fees', amount: pricing.fees },
          { line: 'Discounts', amount: pricing.discounts },
          { line: 'Subtotal', amount: pricing.subtotal },
          { line: 'Tax', amount: pricing.tax },
          { line: 'Total', amount: pricing.total },
          ...(account && account.credited !== '0.00' ? [{ line: 'Credited', amount: account.credited }] : []),
          { line: 'Paid', amount: paid },
          { line: 'Balance', amount: formatMoney(new ExactDecimal(balance)) },
        ],
        [
          { key: 'line', header: '' },
          { key: 'amount', header: 'AMOUNT' },
        ],
      )
    }
    this.log('')
    this.log(account ? `Invoice ${account.invoice.number} (${account.invoice.public_id}): posted` : 'Not invoiced yet')
    return order
  }
}

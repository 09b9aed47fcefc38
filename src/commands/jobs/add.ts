import { Args, Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { jobRecord } from '../../cli/front-desk.js'
import { namesOf } from '../../cli/names.js'
import { StaffCommand } from '../../cli/staff.js'
import type { Queryable } from '../../db/pool.js'
import { ApiError, UsageError } from '../../lib/errors.js'
import { isPublicId } from '../../lib/ids.js'
import { toJobResource } from '../../resources/jobs/present.js'
import { JobCreateSchema, jobKinds } from '../../resources/jobs/schema.js'
import { addLabor, createJob } from '../../resources/jobs/service.js'
import { toRepairOrderResource } from '../../resources/repair-orders/present.js'
import { assertChangeable, getRepairOrder } from '../../resources/repair-orders/service.js'

export default class JobsAdd extends StaffCommand {
  static override description =
    "Add a job to a repair order, as the API's POST /repair-orders/{id}/jobs does: from a canned job (--canned, its code or id: its default hours × labor rate and its parts are copied) or by hand (--name; --hours and --rate add its labor line at once). A fee or discount job takes --amount. The job is pending until the customer decides (jobs decide). Refused on an invoiced, paid, closed or cancelled order. Records job.created; the order is repriced."
  static override examples = [
    '<%= config.bin %> jobs add ro_4bW2yXk0fT9QmZr7LcVd1p --canned BRAKE-FRONT',
    '<%= config.bin %> jobs add ro_4bW2yXk0fT9QmZr7LcVd1p --name "Diagnose squeal" --hours 0.5 --rate 120.00 --technician tech_2aV1xWj9eS8PlYq6KbUc0o',
    '<%= config.bin %> jobs add ro_4bW2yXk0fT9QmZr7LcVd1p --name "Shop supplies" --kind fee --amount 12.50 --json',
  ]
  static override args = {
    repair_order: Args.string({ description: 'The repair order (ro_...)', required: true }),
  }
  static override flags = {
    canned: Flags.string({ description: "A canned job: its code (canned-jobs import's key) or id (cj_...)" }),
    name: Flags.string({ description: "The job's name (1-200 characters); default: the canned job's" }),
    description: Flags.string({ description: 'What the work is (up to 5000 characters)' }),
    kind: Flags.string({ description: `${jobKinds.join(', ')} (default service, or the canned job's)` }),
    technician: Flags.string({ description: 'The technician assigned (tech_...)' }),
    taxable: Flags.boolean({ description: "Taxed (default yes, or the canned job's)", allowNo: true }),
    amount: Flags.string({ description: 'A fee, or a discount (given positive): 2 decimal places' }),
    hours: Flags.string({ description: 'By hand: hours of labor to add at once (with --rate)' }),
    rate: Flags.string({ description: 'By hand: the labor rate per hour (with --hours)' }),
  }

  async run() {
    const { args, flags } = await this.parse(JobsAdd)
    if ((flags.hours === undefined) !== (flags.rate === undefined)) {
      throw new UsageError('--hours and --rate go together: the labor line is hours × rate')
    }
    const source = {
      ...flags,
      record: { table: 'repair_orders', kind: 'repairOrder' as const, publicId: args.repair_order, param: 'RO_ID' },
    }
    const { job, names, order } = await this.staffChange(source, async ({ db, actor, shop }) => {
      const cannedId = flags.canned === undefined ? undefined : await cannedJobId(db, shop.id, flags.canned)
      // The API's own body rules (name or canned job, kind and amount together, lengths).
      const input = parseFlags(
        JobCreateSchema,
        {
          name: flags.name,
          description: flags.description,
          kind: flags.kind,
          canned_job_id: cannedId,
          technician_id: flags.technician,
          taxable: flags.taxable,
          amount: flags.amount,
        },
        { canned_job_id: 'canned', technician_id: 'technician' },
      )
      // As the API's operation: the order locked, refused once settled, then the job.
      const order = await getRepairOrder(db, actor, args.repair_order, { forUpdate: true })
      assertChangeable(order, 'adding a job')
      let row = await createJob(db, actor, { id: order.id, public_id: order.public_id }, input)
      if (flags.hours !== undefined && flags.rate !== undefined) {
        row = (
          await addLabor(db, actor, row.public_id, {
            hours: flags.hours,
            rate: flags.rate,
            technician: flags.technician,
            description: flags.description,
          })
        ).job
      }
      const job = toJobResource(row, 'staff')
      const names = await namesOf(db, shop.id, { technicians: [job.technician_id] })
      return { job, names, order: toRepairOrderResource(order) }
    })
    this.log(`Added job ${job.id} "${job.name}" to repair order ${order.number} (${order.id}): ${job.decision_state}`)
    this.printRecord(jobRecord(job, names))
    return job
  }
}

/** The public id of the shop's canned job with this code (or this id): 404 naming --canned when none. */
async function cannedJobId(db: Queryable, shopId: string, codeOrId: string): Promise<string> {
  if (isPublicId('cannedJob', codeOrId)) return codeOrId
  const { rows } = await db.query<{ public_id: string }>(
    'select public_id from canned_jobs where shop_id = $1::uuid and code = $2::text',
    [shopId, codeOrId],
  )
  const found = rows[0]
  if (!found) throw new ApiError('not_found', `No canned job with code ${codeOrId} in this shop`, { param: 'canned' })
  return found.public_id
}

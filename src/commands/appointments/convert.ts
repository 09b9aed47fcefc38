import { Args, Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { StaffCommand } from '../../cli/staff.js'
import { embeddedJobsLimit } from '../../resources/appointments/operations.js'
import { AppointmentConversionSchema } from '../../resources/appointments/schema.js'
import { convertAppointment } from '../../resources/appointments/service.js'
import { toJobResource } from '../../resources/jobs/present.js'
import { listJobsOfRepairOrder } from '../../resources/jobs/service.js'
import { toRepairOrderResource } from '../../resources/repair-orders/present.js'

export default class AppointmentsConvert extends StaffCommand {
  static override description =
    "Turn a booked or arrived appointment into a repair order, as the API's POST /appointments/{id}/repair-order does: the order is scheduled (checked_in once the customer has arrived), its concern is the appointment's, and the appointment keeps its status with repair_order_id set. Converting again gives the same order. A requested, cancelled or no-show appointment, or one without a vehicle, is refused. Records repair_order.created and appointment.converted_to_repair_order. --json prints the order with its jobs, as the API does."
  static override examples = [
    '<%= config.bin %> appointments convert appt_4bW2yXk0fT9QmZr7LcVd1p --odometer 84210',
    '<%= config.bin %> appointments convert appt_4bW2yXk0fT9QmZr7LcVd1p --json',
  ]
  static override args = {
    id: Args.string({ description: 'The appointment (appt_...)', required: true }),
  }
  static override flags = {
    odometer: Flags.integer({ description: 'Odometer reading at drop-off' }),
  }

  async run() {
    const { args, flags } = await this.parse(AppointmentsConvert)
    const input = parseFlags(AppointmentConversionSchema, { odometer_in: flags.odometer }, { odometer_in: 'odometer' })
    const record = { table: 'appointments', kind: 'appointment', publicId: args.id } as const
    const { order, created } = await this.staffChange({ ...flags, record }, async ({ db, actor }) => {
      const { repairOrder, created } = await convertAppointment(db, actor, args.id, input)
      // The API's answer: a new order has no jobs; one converted before embeds its jobs (bounded).
      const jobs = created
        ? { rows: [], hasMore: false }
        : await listJobsOfRepairOrder(db, actor, repairOrder.public_id, {
            sort: 'created_at',
            limit: embeddedJobsLimit,
          })
      const order = {
        ...toRepairOrderResource(repairOrder),
        jobs: jobs.hasMore ? null : jobs.rows.map((row) => toJobResource(row, 'staff')),
      }
      return { order, created }
    })
    this.log(
      created
        ? `Converted ${args.id} to repair order ${order.number} (${order.id}), ${order.state}`
        : `${args.id} was already converted: repair order ${order.number} (${order.id}), ${order.state}`,
    )
    this.log(`Next: shopapi repair-orders show ${order.id}`)
    return order
  }
}

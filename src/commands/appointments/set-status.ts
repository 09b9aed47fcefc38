import { Args, Flags } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { UsageError } from '../../lib/errors.js'
import { toAppointmentResource } from '../../resources/appointments/present.js'
import { setAppointmentStatus } from '../../resources/appointments/service.js'

const staffTargets = ['requested', 'booked', 'fulfilled', 'no_show'] as const

export default class AppointmentsSetStatus extends StaffCommand {
  static override description =
    'Move an appointment as the front desk: confirm a request (booked), send it back to requested, mark it fulfilled (the visit is over: only staff say so, converting it to a repair order does not) or a no-show (a no-show can be booked again for a late customer). Impossible moves are refused with the allowed ones named. Records appointment.status_changed.'
  static override examples = [
    '<%= config.bin %> appointments set-status appt_4bW2yXk0fT9QmZr7LcVd1p booked',
    '<%= config.bin %> appointments set-status appt_4bW2yXk0fT9QmZr7LcVd1p no_show --reason "No call" --json',
  ]
  static override args = {
    id: Args.string({ description: 'The appointment (appt_...)', required: true }),
    status: Args.string({ description: `The status: ${staffTargets.join(', ')}`, required: true }),
  }
  static override flags = {
    reason: Flags.string({ description: 'Why (kept as status_reason, up to 255 characters)' }),
  }

  async run() {
    const { args, flags } = await this.parse(AppointmentsSetStatus)
    if (!(staffTargets as readonly string[]).includes(args.status)) {
      throw new UsageError(`Unknown status "${args.status}": one of ${staffTargets.join(', ')}`)
    }
    if (flags.reason !== undefined && flags.reason.length > 255) {
      throw new UsageError('--reason must be at most 255 characters')
    }
    const { appointment, previous } = await this.staffChange(
      { ...flags, record: { table: 'appointments', kind: 'appointment', publicId: args.id } },
      async ({ db, actor }) => {
        const moved = await setAppointmentStatus(db, actor, args.id, args.status, flags.reason)
        return { appointment: toAppointmentResource(moved.row, 'staff'), previous: moved.previousStatus }
      },
    )
    this.log(
      `Appointment ${appointment.id} on ${appointment.date} at ${appointment.time}: ${previous} -> ${appointment.status}`,
    )
    return appointment
  }
}

import { Args, Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { appointmentFields, appointmentNames } from '../../cli/front-desk.js'
import { StaffCommand } from '../../cli/staff.js'
import { toAppointmentResource } from '../../resources/appointments/present.js'
import { AppointmentCancelSchema } from '../../resources/appointments/schema.js'
import { actOnAppointment } from '../../resources/appointments/service.js'

export default class AppointmentsCancel extends StaffCommand {
  static override description =
    "Cancel an appointment (the API's cancel action, POST /appointments/{id}/cancel): a requested, booked or arrived appointment becomes cancelled, with cancelled_at and the reason as status_reason. Otherwise refused with the reason. Records appointment.status_changed."
  static override examples = [
    '<%= config.bin %> appointments cancel appt_4bW2yXk0fT9QmZr7LcVd1p --reason "Customer called: car sold"',
    '<%= config.bin %> appointments cancel appt_4bW2yXk0fT9QmZr7LcVd1p --json',
  ]
  static override args = {
    id: Args.string({ description: 'The appointment (appt_...)', required: true }),
  }
  static override flags = {
    reason: Flags.string({ description: 'Why (kept as status_reason, up to 255 characters)' }),
  }

  async run() {
    const { args, flags } = await this.parse(AppointmentsCancel)
    const input = parseFlags(AppointmentCancelSchema, { reason: flags.reason })
    const record = { table: 'appointments', kind: 'appointment', publicId: args.id } as const
    const { appointment, names } = await this.staffChange({ ...flags, record }, async ({ db, actor, shop }) => {
      const cancelled = await actOnAppointment(db, actor, args.id, 'cancel', 'staff', input.reason ?? null)
      const appointment = toAppointmentResource(cancelled, 'staff')
      return { appointment, names: await appointmentNames(db, shop.id, appointment) }
    })
    this.log(`Cancelled ${appointment.id}${appointment.status_reason ? `: ${appointment.status_reason}` : ''}`)
    this.printRecord(appointmentFields(appointment, names))
    return appointment
  }
}

import { Args } from '@oclif/core'
import { appointmentFields, appointmentNames } from '../../cli/front-desk.js'
import { StaffCommand } from '../../cli/staff.js'
import { toAppointmentResource } from '../../resources/appointments/present.js'
import { actOnAppointment } from '../../resources/appointments/service.js'

export default class AppointmentsArrive extends StaffCommand {
  static override description =
    "Check the customer in (the API's check_in action, POST /appointments/{id}/check-in): a requested or booked appointment becomes arrived, with arrived_at; a repair order it was already converted to is checked in with it. Otherwise refused with the reason. Records appointment.status_changed."
  static override examples = [
    '<%= config.bin %> appointments arrive appt_4bW2yXk0fT9QmZr7LcVd1p',
    '<%= config.bin %> appointments arrive appt_4bW2yXk0fT9QmZr7LcVd1p --json',
  ]
  static override args = {
    id: Args.string({ description: 'The appointment (appt_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(AppointmentsArrive)
    const record = { table: 'appointments', kind: 'appointment', publicId: args.id } as const
    const { appointment, names } = await this.staffChange({ ...flags, record }, async ({ db, actor, shop }) => {
      const appointment = toAppointmentResource(
        await actOnAppointment(db, actor, args.id, 'check_in', 'staff'),
        'staff',
      )
      return { appointment, names: await appointmentNames(db, shop.id, appointment) }
    })
    this.log(`Checked in ${appointment.id}: ${appointment.status} at ${appointment.arrived_at}`)
    this.printRecord(appointmentFields(appointment, names))
    return appointment
  }
}

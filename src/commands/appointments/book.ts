import { Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { appointmentFields, appointmentNames } from '../../cli/front-desk.js'
import { numberFlag } from '../../cli/record-flags.js'
import { StaffCommand } from '../../cli/staff.js'
import { addDays, dateIn } from '../../lib/wall-clock.js'
import { toAppointmentResource } from '../../resources/appointments/present.js'
import { AppointmentCreateSchema } from '../../resources/appointments/schema.js'
import { createAppointment } from '../../resources/appointments/service.js'

/** The API's field names as the flags spell them. */
const flagOf = {
  customer_id: 'customer',
  vehicle_id: 'vehicle',
  technician_id: 'technician',
  duration_minutes: 'duration',
  reason: 'concern',
}

export default class AppointmentsBook extends StaffCommand {
  static override description =
    "Book an appointment as the API's POST /appointments does: the date and time are read on the shop's wall clock, the slot must fit the shop's hours and capacity (and the technician's), and it is booked (or requested, when the shop confirms bookings itself). A vehicle is needed to convert it to a repair order later. Records appointment.created."
  static override examples = [
    '<%= config.bin %> appointments book --customer cus_4bW2yXk0fT9QmZr7LcVd1p --vehicle veh_8cX3zYl1gU0RnAs8MdWe2q --date tomorrow --time 09:30 --concern "Squeal when braking"',
    '<%= config.bin %> appointments book --customer cus_4bW2yXk0fT9QmZr7LcVd1p --date 2026-12-01 --time 14:00 --duration 90 --technician tech_2aV1xWj9eS8PlYq6KbUc0o --json',
  ]
  static override flags = {
    customer: Flags.string({ description: 'The customer (cus_...)', required: true }),
    vehicle: Flags.string({ description: "The customer's vehicle (veh_...)" }),
    date: Flags.string({ description: "YYYY-MM-DD, today or tomorrow (the shop's date)", required: true }),
    time: Flags.string({ description: "HH:MM on the shop's clock", required: true }),
    duration: Flags.string({ description: 'Minutes, 15-600 (default 60)' }),
    concern: Flags.string({ description: "Why the customer comes (up to 255 characters); the repair order's concern" }),
    notes: Flags.string({ description: 'Notes (up to 5000 characters)' }),
    technician: Flags.string({ description: 'An active technician (tech_...)' }),
    'utc-offset': Flags.string({
      description: 'Only for a time the clocks show twice when they go back: -04:00 or -05:00',
    }),
  }

  async run() {
    const { flags } = await this.parse(AppointmentsBook)
    const record = { table: 'customers', kind: 'customer', publicId: flags.customer, param: 'customer' } as const
    const { appointment, names } = await this.staffChange({ ...flags, record }, async ({ db, actor, shop }) => {
      const today = dateIn(shop.timezone)
      const date = flags.date === 'today' ? today : flags.date === 'tomorrow' ? addDays(today, 1) : flags.date
      const input = parseFlags(
        AppointmentCreateSchema,
        {
          customer_id: flags.customer,
          vehicle_id: flags.vehicle,
          date,
          time: flags.time,
          duration_minutes: numberFlag(flags.duration),
          reason: flags.concern,
          notes: flags.notes,
          technician_id: flags.technician,
          utc_offset: flags['utc-offset'],
        },
        flagOf,
      )
      const appointment = toAppointmentResource(await createAppointment(db, actor, input), 'staff')
      return { appointment, names: await appointmentNames(db, shop.id, appointment) }
    })
    this.log(`Booked ${appointment.id} on ${appointment.date} at ${appointment.time}: ${appointment.status}`)
    this.printRecord(appointmentFields(appointment, names))
    return appointment
  }
}

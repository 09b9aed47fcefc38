import { Flags } from '@oclif/core'
import { nameOf, namesOf } from '../../cli/names.js'
import { StaffCommand } from '../../cli/staff.js'
import { UsageError } from '../../lib/errors.js'
import { calendarDateRule, dateIn, isCalendarDate } from '../../lib/wall-clock.js'
import { toAppointmentResource } from '../../resources/appointments/present.js'
import { appointmentsOnDate } from '../../resources/appointments/service.js'
import { appointmentStatuses } from '../../resources/appointments/workflow.js'

export default class AppointmentsList extends StaffCommand {
  static override description =
    "The front desk's day: every appointment of a shop-local date (today by default), in order of time."
  static override examples = [
    '<%= config.bin %> appointments list',
    '<%= config.bin %> appointments list --date 2026-12-01 --status booked --json',
  ]
  static override flags = {
    date: Flags.string({ description: "The shop-local date, YYYY-MM-DD (default: today in the shop's zone)" }),
    status: Flags.string({ description: `Only this status: ${appointmentStatuses.join(', ')}` }),
  }

  async run() {
    const { flags } = await this.parse(AppointmentsList)
    if (flags.date !== undefined && !isCalendarDate(flags.date)) {
      throw new UsageError(`--date must be ${calendarDateRule.replace('a real ', 'a ')}, not "${flags.date}"`)
    }
    if (flags.status !== undefined && !(appointmentStatuses as readonly string[]).includes(flags.status)) {
      throw new UsageError(`Unknown status "${flags.status}": one of ${appointmentStatuses.join(', ')}`)
    }
    const { appointments, names } = await this.staffRead(flags, async ({ db, actor, shop }) => {
      const date = flags.date ?? dateIn(shop.timezone)
      const rows = await appointmentsOnDate(db, actor, date, flags.status)
      const appointments = rows.map((row) => ({
        ...toAppointmentResource(row.appointment, 'staff'),
        customer_name: row.customerName,
      }))
      const names = await namesOf(db, shop.id, {
        vehicles: appointments.map((appointment) => appointment.vehicle_id),
        technicians: appointments.map((appointment) => appointment.technician_id),
      })
      return { appointments, names }
    })
    this.printTable(
      appointments.map((appointment) => ({
        time: appointment.time,
        minutes: appointment.duration_minutes,
        status: appointment.status,
        customer_id: appointment.customer_id,
        customer: appointment.customer_name,
        vehicle_id: appointment.vehicle_id,
        vehicle: nameOf(names, appointment.vehicle_id),
        technician_id: appointment.technician_id,
        technician: nameOf(names, appointment.technician_id),
        reason: appointment.reason,
        id: appointment.id,
      })),
      [
        { key: 'time', header: 'TIME' },
        { key: 'minutes', header: 'MIN' },
        { key: 'status', header: 'STATUS' },
        { key: 'customer_id', header: 'CUSTOMER ID' },
        { key: 'customer', header: 'CUSTOMER' },
        { key: 'vehicle_id', header: 'VEHICLE ID' },
        { key: 'vehicle', header: 'VEHICLE' },
        { key: 'technician_id', header: 'TECHNICIAN ID' },
        { key: 'technician', header: 'TECHNICIAN' },
        { key: 'reason', header: 'REASON' },
        { key: 'id', header: 'ID' },
      ],
    )
    return appointments
  }
}

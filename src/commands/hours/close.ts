import { Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { StaffCommand } from '../../cli/staff.js'
import { bookedOn } from '../../resources/appointments/availability.js'
import { ClosureSchema } from '../../resources/shop-hours/schema.js'
import { closeDate } from '../../resources/shop-hours/service.js'

export default class HoursClose extends StaffCommand {
  static override description =
    'Close the shop on one date (a holiday, stock-taking): no bookings that day, whatever the weekly hours say. Appointments already booked are kept. Closing a closed date again replaces its reason.'
  static override examples = [
    '<%= config.bin %> hours close --date 2026-12-25 --reason "Christmas Day"',
    '<%= config.bin %> hours close --date 2026-08-14',
  ]
  static override flags = {
    date: Flags.string({ description: "The date YYYY-MM-DD (the shop's calendar)", required: true }),
    reason: Flags.string({ description: 'Why, shown to clients by availability (up to 255 characters)' }),
  }

  async run() {
    const { flags } = await this.parse(HoursClose)
    const input = parseFlags(ClosureSchema, { date: flags.date, reason: flags.reason ?? null })
    const closure = await this.staffChange(flags, async ({ db, shop }) => {
      const closed = await closeDate(db, shop.id, input.date, input.reason)
      return { ...closed, booked: await bookedOn(db, shop.id, closed.date) }
    })
    this.log(`Closed on ${closure.date}${closure.reason ? `: ${closure.reason}` : ''}`)
    if (closure.booked > 0) {
      const appointments = closure.booked === 1 ? '1 appointment holds' : `${closure.booked} appointments hold`
      this.log(`${appointments} a place that day: closing the date does not cancel them.`)
    }
    return closure
  }
}

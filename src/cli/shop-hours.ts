import type { presentHours } from '../resources/shop-hours/present.js'
import { defaultDailyCapacity } from '../resources/shop-hours/schema.js'
import { StaffCommand } from './staff.js'

const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** The `shopapi hours` commands: staff commands that print the shop's week and its closures. */
export abstract class HoursCommand extends StaffCommand {
  /** The week as a table (day, open, close, capacity), then the closures to come; `--json` prints none. */
  protected printHours(hours: ReturnType<typeof presentHours>): void {
    if (this.jsonEnabled()) return
    if (hours.hours_set) {
      this.log(`Weekly hours (${hours.timezone}):`)
      this.printTable(
        hours.week.map((day) => ({
          day: dayNames[day.weekday - 1],
          open: day.open ? day.open_time : 'closed',
          close: day.open ? day.close_time : null,
          capacity: day.open ? day.capacity : null,
        })),
        [
          { key: 'day', header: 'DAY' },
          { key: 'open', header: 'OPEN' },
          { key: 'close', header: 'CLOSE' },
          { key: 'capacity', header: 'CAPACITY' },
        ],
      )
    } else {
      this.log(
        `Hours not set: bookings are taken on every date at any time, up to ${defaultDailyCapacity} a day. Set them with \`shopapi hours set\`.`,
      )
    }
    if (hours.closures.length === 0) {
      this.log('No closures from today on.')
      return
    }
    this.log('')
    this.log('Closures:')
    this.printTable(
      hours.closures.map((closure) => ({ date: closure.date, reason: closure.reason })),
      [
        { key: 'date', header: 'DATE' },
        { key: 'reason', header: 'REASON' },
      ],
    )
  }
}

import { Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { StaffCommand } from '../../cli/staff.js'
import { presentDaySchedule } from '../../resources/shop-hours/present.js'
import { ClosureSchema } from '../../resources/shop-hours/schema.js'
import { daySchedule, reopenDate } from '../../resources/shop-hours/service.js'

export default class HoursOpen extends StaffCommand {
  static override description =
    "Remove the closure of a date (`shopapi hours close`): the weekly hours decide that day again. Prints the date's schedule."
  static override examples = ['<%= config.bin %> hours open --date 2026-12-24']
  static override flags = {
    date: Flags.string({ description: 'The closed date YYYY-MM-DD', required: true }),
  }

  async run() {
    const { flags } = await this.parse(HoursOpen)
    const { date } = parseFlags(ClosureSchema.pick({ date: true }), { date: flags.date })
    const { removed, schedule } = await this.staffChange(flags, async ({ db, shop }) => ({
      removed: await reopenDate(db, shop.id, date),
      schedule: presentDaySchedule(await daySchedule(db, shop.id, date)),
    }))
    const was = removed.reason ? ` (${removed.reason})` : ''
    const now = !schedule.open
      ? `still closed: ${schedule.reason}`
      : schedule.open_time
        ? `open ${schedule.open_time}-${schedule.close_time}, up to ${schedule.capacity} appointments`
        : `open at any time, up to ${schedule.capacity} appointments`
    this.log(`Removed the closure of ${date}${was}: ${now}`)
    return schedule
  }
}

import { Flags } from '@oclif/core'
import { parseFlags, wholeNumberFlag } from '../../cli/flag-input.js'
import { HoursCommand } from '../../cli/shop-hours.js'
import { ApiError, UsageError } from '../../lib/errors.js'
import { presentHours } from '../../resources/shop-hours/present.js'
import {
  defaultDailyCapacity,
  maxDailyCapacity,
  OpeningHoursSchema,
  parseWeekdays,
  type WeeklyHours,
} from '../../resources/shop-hours/schema.js'
import { setWeeklyHours } from '../../resources/shop-hours/service.js'

export default class HoursSet extends HoursCommand {
  static override description = [
    "Set the shop's opening hours for some weekdays, and how many appointments a day it takes then.",
    '--days takes day names, ranges and lists: mon-fri, sat, mon,wed,fri, sat-sun. --close 24:00 is midnight.',
    `--capacity left out keeps the day's capacity (${defaultDailyCapacity} for a day never set).`,
    '--closed closes those weekdays instead. Until hours are first set, the shop takes bookings on every day at any',
    'time; setting opening hours then closes the weekdays not named, while --closed leaves the others open all day.',
  ].join('\n')
  static override examples = [
    '<%= config.bin %> hours set --days mon-fri --open 08:00 --close 17:30 --capacity 12',
    '<%= config.bin %> hours set --days sat --open 09:00 --close 13:00 --capacity 4',
    '<%= config.bin %> hours set --days sun --closed',
  ]
  static override flags = {
    days: Flags.string({ description: 'Weekdays: mon-fri, sat, mon,wed,fri, sat-sun', required: true }),
    open: Flags.string({ description: 'Opening time HH:MM (24-hour)' }),
    close: Flags.string({ description: 'Closing time HH:MM (24-hour), after --open; 24:00 is midnight' }),
    capacity: Flags.string({ description: `Appointments a day, 0-${maxDailyCapacity} (all technicians together)` }),
    closed: Flags.boolean({ description: 'Close these weekdays', default: false }),
  }

  async run() {
    const { flags } = await this.parse(HoursSet)
    const days = parseWeekdays(flags.days)
    if ('error' in days) {
      throw new ApiError(
        'invalid_request',
        `--days "${days.error}" is not a day: use mon, tue, wed, thu, fri, sat, sun, ranges such as mon-fri, or lists such as mon,wed,fri`,
        { param: 'days' },
      )
    }
    const hours = this.weeklyHours(flags, days.weekdays)
    const week = presentHours(await this.staffChange(flags, ({ db, shop }) => setWeeklyHours(db, shop.id, hours)))
    this.printHours(week)
    return week
  }

  private weeklyHours(
    flags: { open?: string | undefined; close?: string | undefined; capacity?: string | undefined; closed: boolean },
    weekdays: number[],
  ): WeeklyHours {
    if (flags.closed) {
      if (flags.open !== undefined || flags.close !== undefined || flags.capacity !== undefined) {
        throw new UsageError('--closed takes no --open, --close or --capacity')
      }
      return { weekdays, closed: true }
    }
    if (flags.open === undefined || flags.close === undefined) {
      throw new UsageError('Give --open and --close (HH:MM), or --closed')
    }
    return parseFlags(OpeningHoursSchema, {
      weekdays,
      open: flags.open,
      close: flags.close,
      capacity: wholeNumberFlag('capacity', flags.capacity, { min: 0, max: maxDailyCapacity }),
    })
  }
}

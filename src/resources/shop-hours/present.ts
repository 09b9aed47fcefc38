import { type ShopHours, weekdayNames } from './schema.js'
import type { DaySchedule } from './service.js'

// What `shopapi hours ... --json` prints: snake_case like the API's objects.

export function presentHours(hours: ShopHours) {
  return {
    timezone: hours.timezone,
    hours_set: hours.hoursSet,
    week: hours.week.map((day) => ({
      day: weekdayNames[day.weekday - 1] as string,
      weekday: day.weekday,
      open: day.open,
      open_time: day.openTime,
      close_time: day.closeTime,
      capacity: day.capacity,
    })),
    closures: hours.closures.map((closure) => ({ date: closure.date, reason: closure.reason })),
  }
}

export function presentDaySchedule(schedule: DaySchedule) {
  return {
    date: schedule.date,
    open: schedule.open,
    reason: schedule.reason,
    open_time: schedule.openTime,
    close_time: schedule.closeTime,
    capacity: schedule.capacity,
  }
}

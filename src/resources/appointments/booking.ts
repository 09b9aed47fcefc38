import type { Queryable } from '../../db/pool.js'
import { ApiError, type Blocker } from '../../lib/errors.js'
import { formatMinuteOfDay, minuteOfDay } from '../../lib/wall-clock.js'
import { type DaySchedule, daySchedule } from '../shop-hours/service.js'
import type { AssignableTechnician } from '../technicians/service.js'
import { slotHoldingStatuses } from './workflow.js'

/** Where and when an appointment would sit: the shop-local day, its wall-clock start, its length. */
export interface Slot {
  date: string
  /** HH:MM */
  time: string
  durationMinutes: number
  technician: AssignableTechnician | null
}

const availabilityHint = 'GET /appointments/availability shows the open dates and how full they are'

/**
 * Refuses a slot the shop cannot take (409 conflict with `shop_hours` and `technician_capacity`
 * blockers), after taking the day's lock: every booking or move into a shop's day queues on it until
 * the deciding transaction ends, so the last place of a day goes to exactly one of many concurrent
 * bookings. `movingId` is an appointment being moved, which does not count against itself.
 */
export async function assertBookable(tx: Queryable, shopId: string, slot: Slot, movingId?: string): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtext('appointments:' || $1::text), $2::date - date '2000-01-01')", [
    shopId,
    slot.date,
  ])
  const schedule = await daySchedule(tx, shopId, slot.date)
  const blockers = hoursBlockers(schedule, slot)
  const { rows } = await tx.query<{ booked: number; technician_booked: number }>(
    `select count(*)::integer as booked,
            count(*) filter (where technician_id = $4::uuid)::integer as technician_booked
     from appointments
     where shop_id = $1::uuid and date = $2::date and status = any($3::text[])
       and ($5::uuid is null or id <> $5::uuid)`,
    [shopId, slot.date, slotHoldingStatuses, slot.technician?.id ?? null, movingId ?? null],
  )
  const counts = rows[0] as { booked: number; technician_booked: number }
  if (schedule.open && counts.booked >= schedule.capacity) {
    blockers.push({
      type: 'shop_hours',
      reason: 'fully_booked',
      message: `${slot.date} is fully booked: ${counts.booked} of ${schedule.capacity} appointments`,
      resolution: ['Choose another date', availabilityHint],
    })
  }
  const technician = slot.technician
  if (technician && technician.daily_capacity !== null && counts.technician_booked >= technician.daily_capacity) {
    blockers.push({
      type: 'technician_capacity',
      reason: 'fully_booked',
      message: `${technician.name} (${technician.public_id}) takes ${technician.daily_capacity} appointment${technician.daily_capacity === 1 ? '' : 's'} a day and is full on ${slot.date}`,
      resolution: ['Choose another date', 'Book with another technician, or without technician_id'],
    })
  }
  if (blockers.length > 0) {
    throw new ApiError('conflict', `The appointment cannot be placed: ${(blockers[0] as Blocker).message}`, {
      blockers,
    })
  }
}

/** Closed days, and times outside the day's opening hours (the whole appointment must fit in them). */
function hoursBlockers(schedule: DaySchedule, slot: Slot): Blocker[] {
  if (!schedule.open) {
    return [
      {
        type: 'shop_hours',
        reason: 'closed',
        message: `The shop is closed on ${slot.date}${schedule.reason ? `: ${schedule.reason}` : ''}`,
        resolution: ['Choose another date', availabilityHint],
      },
    ]
  }
  if (schedule.openTime === null || schedule.closeTime === null) return []
  const start = minuteOfDay(slot.time)
  const end = start + slot.durationMinutes
  const opens = minuteOfDay(schedule.openTime)
  const closes = minuteOfDay(schedule.closeTime) || 24 * 60
  if (start >= opens && end <= closes) return []
  const latestStart = closes - slot.durationMinutes
  return [
    {
      type: 'shop_hours',
      reason: 'outside_hours',
      message: `The shop is open ${schedule.openTime}-${schedule.closeTime} on ${slot.date}; an appointment at ${slot.time} for ${slot.durationMinutes} minutes ${start < opens ? 'starts before it opens' : 'ends after it closes'}`,
      resolution:
        latestStart >= opens
          ? [`Choose a time from ${schedule.openTime} to ${formatMinuteOfDay(latestStart)}`, availabilityHint]
          : [`Shorten the appointment to at most ${closes - opens} minutes`, availabilityHint],
    },
  ]
}

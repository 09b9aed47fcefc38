/**
 * An attempt holds one of the process's shared slots for its first second only, then just its
 * endpoint's lane: a slow or dead receiver waits on its own lanes, never on the others' slots.
 */
export const sharedSlotMs = 1000
/**
 * How often the slots of attempts past their first second are given back: one sweep for all of them
 * rather than a timer per attempt (at 1,500 attempts a second, arming and clearing a timer each was a
 * measurable share of the worker's CPU). A slow attempt frees its slot within 1.0-1.1 s.
 */
const slotSweepMs = 100

/** An attempt's hold on a shared slot: given back when the attempt ends or at `until`, whichever is first. */
export interface SlotHold {
  until: number
  held: boolean
}

/**
 * The worker's shared slots (`webhooks.concurrency` × `webhooks.endpointConcurrency`): taken by every
 * delivery claimed and waiting for a lane, and by every attempt in its first second. They bound how much
 * the process leases at once; each endpoint's own lanes bound how much it sends to one receiver.
 */
export class SharedSlots {
  private used = 0
  /** Holds of the attempts started in the last second, oldest first (see slotSweepMs). */
  private holds: SlotHold[] = []
  private sweep: NodeJS.Timeout | undefined

  /** `onReleased`: the sweep gave slots back, so there may be room to lease again. */
  constructor(
    readonly size: number,
    private readonly onReleased: () => void,
  ) {}

  get free(): number {
    return this.size - this.used
  }

  take(n = 1): void {
    this.used += n
  }

  give(n = 1): void {
    this.used -= n
  }

  /** The slot a delivery took while queued stays held for its attempt's first second. */
  holdForAttempt(): SlotHold {
    const hold = { until: Date.now() + sharedSlotMs, held: true }
    this.holds.push(hold)
    if (!this.sweep) {
      this.sweep = setInterval(() => this.sweepHolds(), slotSweepMs)
      this.sweep.unref()
    }
    return hold
  }

  /** The attempt ended: its slot is given back if the sweep has not done so already. */
  endAttempt(hold: SlotHold): void {
    if (!hold.held) return
    hold.held = false
    this.used -= 1
  }

  stop(): void {
    if (this.sweep) clearInterval(this.sweep)
    this.sweep = undefined
  }

  /** Gives back the slots of attempts past their first second; forgets the holds of attempts that ended. */
  private sweepHolds(): void {
    const now = Date.now()
    const holds = this.holds
    let released = 0
    let kept = 0
    // One pass over the last second's attempts: expired holds give their slot back, and the holds of
    // attempts that ended (or just expired) are dropped, keeping the start order.
    for (const hold of holds) {
      if (hold.held && hold.until <= now) {
        hold.held = false
        this.used -= 1
        released += 1
      }
      if (hold.held) holds[kept++] = hold
    }
    holds.length = kept
    if (kept === 0 && this.sweep) {
      clearInterval(this.sweep)
      this.sweep = undefined
    }
    if (released > 0) this.onReleased()
  }
}

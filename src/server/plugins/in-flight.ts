import type { FastifyReply, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    /** The key's slot among its requests in flight (InFlightLimiter), held until the request is done. */
    inFlightSlot?: InFlightSlot
  }
}

/**
 * One request's place among its key's requests in flight. It is given back once the request's answer
 * is over (sent, or its client gone) and no work of the request still runs: a client that hangs up
 * does not end its handler's database work, so that work keeps counting until it ends.
 */
export class InFlightSlot {
  #answered = false
  #working = 0
  #released = false

  constructor(private readonly release: () => void) {}

  /** The response is finished or its connection closed (the response's `close` event). */
  answered(): void {
    this.#answered = true
    this.#releaseWhenIdle()
  }

  /** Runs the request's handler, holding the slot until it settles even if the client left. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.#working += 1
    try {
      return await work()
    } finally {
      this.#working -= 1
      this.#releaseWhenIdle()
    }
  }

  #releaseWhenIdle(): void {
    if (this.#released || !this.#answered || this.#working > 0) return
    this.#released = true
    this.release()
  }
}

/**
 * Requests in flight per API key in this process, at most `max` each. Counts live in memory (a
 * process guards its own pool, as the edge throttle does); a key with nothing in flight has no entry.
 */
export class InFlightLimiter {
  readonly #counts = new Map<string, number>()

  constructor(readonly max: number) {}

  /** A slot for one more request of `key`, or undefined when it already has `max` in flight. */
  take(key: string): InFlightSlot | undefined {
    const count = this.#counts.get(key) ?? 0
    if (count >= this.max) return undefined
    this.#counts.set(key, count + 1)
    return new InFlightSlot(() => {
      const left = (this.#counts.get(key) ?? 1) - 1
      if (left > 0) this.#counts.set(key, left)
      else this.#counts.delete(key)
    })
  }

  /** Requests of `key` in flight now. */
  count(key: string): number {
    return this.#counts.get(key) ?? 0
  }
}

/** A route handler that runs inside its request's in-flight slot, when the request holds one. */
export function holdingSlot<T>(
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<T>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<T> {
  return (request, reply) => {
    const slot = request.inFlightSlot
    return slot ? slot.during(() => handler(request, reply)) : handler(request, reply)
  }
}

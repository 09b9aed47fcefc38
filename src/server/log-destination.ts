import pino from 'pino'

/**
 * How serve's log lines reach standard output. Measured on the bench (GET /v1/customers/{id}, 50
 * connections, lines to a file): one asynchronous write per line cost ~100 us of CPU per request (a
 * thread-pool round trip each), a synchronous write per line ~50 us, lines gathered into writes of
 * at least 4 KB ~10 us, about what the line's formatting costs at `error` level. Writes of at least
 * 32 KB (a write every ~80 request lines instead of every ~10) halve what is left of the writes' cost
 * (bench/RESULTS.md, issue 26, 2026-11-27).
 */
export const logBuffering = {
  /** Lines are gathered until this many bytes, then written in one (asynchronous) write. */
  minBytes: 32 * 1024,
  /** The most one write takes (SonicBoom's maxWrite, which must exceed minBytes). */
  maxWriteBytes: 64 * 1024,
  /** A quiet server's lines still leave within this many milliseconds. */
  flushEveryMs: 250,
  /**
   * When standard output does not keep up (a pipe nobody reads, a stalled disk), lines beyond this
   * many waiting bytes are dropped and counted, not held: memory stays bounded and requests are never
   * blocked on a write.
   */
  maxBytes: 8 * 1024 * 1024,
}

export interface LogDestination {
  stream: pino.DestinationStream & { flushSync(): void }
  /** Lines dropped since the last call (standard output did not keep up), then back to zero. */
  takeDropped(): number
}

/**
 * A buffered pino destination on `fd`. pino writes what is still buffered synchronously when the
 * process exits (also after an uncaught exception); the app flushes it when it closes. Only a process
 * killed outright (SIGKILL) loses its last lines: at most `flushEveryMs` of them, or `minBytes`.
 */
export function bufferedLogDestination(fd: number, options: Partial<typeof logBuffering> = {}): LogDestination {
  const { minBytes, maxWriteBytes, flushEveryMs, maxBytes } = { ...logBuffering, ...options }
  const stream = pino.destination({
    dest: fd,
    sync: false,
    minLength: minBytes,
    maxWrite: maxWriteBytes,
    maxLength: maxBytes,
    periodicFlush: flushEveryMs,
  })
  let dropped = 0
  stream.on('drop', () => {
    dropped += 1
  })
  return {
    stream,
    takeDropped() {
      const count = dropped
      dropped = 0
      return count
    },
  }
}

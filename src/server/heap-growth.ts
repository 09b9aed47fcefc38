import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// How far V8 lets the old generation grow past what survived the last full collection, in percent,
// for `serve` and `worker` (SHOPAPI_HEAP_GROWTH_PERCENT, default 50). V8 otherwise picks a factor of
// up to 4 when collection is cheap: with serve's 30-50 MB of live objects, that let the resident set
// reach 265-305 MB under load before a full collection brought it back to about 150 MB. At 50 % the
// peak stayed at 170-175 MB on the same load, at the same throughput (docs/decisions/performance.md, "Memory").

/** Node's own argument for the factor, in either spelling. */
const heapGrowingFlag = /^--heap[-_]growing[-_]percent\b/

/**
 * Sets V8's heap growing factor for this process. V8 reads this flag each time it sizes the heap, so
 * it takes effect after start, unlike the size limits (`--max-semi-space-size`,
 * `--max-old-space-size`), which a running process cannot change; V8 does not accept it in
 * NODE_OPTIONS. Not set when `percent` is 0 (V8's own choice) or node was started with the flag
 * itself. Returns the percentage set, or null.
 *
 * The limit V8 computed at its last full collection, during start-up and with its own factor, stays
 * until the heap reaches it: 210 MB resident under load before the first collection. One full
 * collection right away sizes it with the new factor (measured: 160 MB peak, as with the flag given to
 * node itself).
 */
export function limitHeapGrowth(percent: number, execArgv: readonly string[] = process.execArgv): number | null {
  if (percent === 0 || execArgv.some((argument) => heapGrowingFlag.test(argument))) return null
  setFlagsFromString(`--heap-growing-percent=${percent}`)
  collectGarbageOnce()
  return percent
}

/**
 * One full garbage collection, about 30 ms at start. `gc` is not a global unless node starts with
 * --expose-gc; set afterwards, the flag gives it to contexts created from then on.
 */
function collectGarbageOnce() {
  // Works on Node 20, 22 and 24; should a later V8 refuse it, the limit is resized at the next full
  // collection V8 starts on its own, which is no reason to keep serve from starting.
  try {
    setFlagsFromString('--expose-gc')
    const gc: unknown = runInNewContext('gc')
    if (typeof gc === 'function') gc()
  } catch {
    // Nothing to undo beyond the flag below.
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
}

/**
 * kafkajs 2.2.4 (its last release; the project is in maintenance) makes Node 24 print a
 * `TimeoutNegativeWarning` into every service's log. The cause, in
 * kafkajs/src/network/requestQueue/index.js `scheduleCheckPendingRequests()`:
 *
 *     let scheduleAt = this.throttledUntil - Date.now()   // throttledUntil starts at -1
 *     ...
 *     setTimeout(..., scheduleAt)                         // so: about -1.7e12 when nothing is throttled
 *
 * When no broker throttles and nothing is pending, it schedules a re-check "in the past". Node
 * has always run such a timer after 1 ms; Node 24 now also warns. No kafkajs setting avoids the
 * call (it runs after every request), and the 1 ms re-check is harmless, so we drop exactly this
 * warning when it comes from that file, and let every other warning through unchanged.
 */

const KAFKAJS_REQUEST_QUEUE = /kafkajs[\\/]src[\\/]network[\\/]requestQueue[\\/]/;

let isInstalled = false;

/** Whether a warning is kafkajs's negative timeout (read from the stack of the emitWarning call). */
export function isKafkajsNegativeTimeout(warning: string | Error, type: unknown, stack: string): boolean {
  const name = typeof warning === "string" ? (typeof type === "string" ? type : (type as { type?: string } | undefined)?.type) : warning.name;
  return name === "TimeoutNegativeWarning" && KAFKAJS_REQUEST_QUEUE.test(stack);
}

export function silenceKafkajsNegativeTimeout(): void {
  if (isInstalled) return;
  isInstalled = true;
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (isKafkajsNegativeTimeout(warning, rest[0], new Error().stack ?? "")) return;
    (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
  }) as typeof process.emitWarning;
}

// A sync the server's rate limit stopped goes on by itself at the time the server named (the
// client's rate_limited carries it as retryAfterMs), or after a while when it named none; the
// person is told when, instead of a spinner that waits in silence or a failure with no end.
import type { AppError } from '../../shared'

/** setTimeout fires at once for anything longer; the client caps a server's wait far below it. */
const MAX_TIMER_MS = 2 ** 31 - 1

const clockFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })

/** Milliseconds until a sync that failed with `error` should go on by itself; undefined: not a rate limit. */
export function resumeDelay(error: AppError, fallbackMs: number): number | undefined {
  if (error.code !== 'rate_limited') return undefined
  return Math.min(MAX_TIMER_MS, Math.max(0, error.retryAfterMs ?? fallbackMs))
}

/** The error the sync state shows: why it stopped and the time it goes on (the machine's clock). */
export function resumingError(error: AppError, delayMs: number, now: number): AppError {
  return {
    ...error,
    retryAfterMs: delayMs,
    message: `The server asked the app to slow down, so the sync stopped before it was complete; it goes on by itself at ${clockFormat.format(now + delayMs)}.`,
  }
}

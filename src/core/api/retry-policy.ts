// When a GET may be repeated and how long to wait first. POST and DELETE are never repeated
// by the client: a create that reached the server but lost its answer must not happen twice.

export interface RetryPolicy {
  /** Repeats after the first try; 0 disables. */
  maxRetries: number
  /** First backoff step. */
  baseDelayMs: number
  /** No single backoff wait is longer than this. */
  maxDelayMs: number
  /** A Retry-After longer than this is not waited for: the request fails with rate_limited. */
  maxRetryAfterMs: number
  /**
   * All waits between the tries of one request together stay below this: retries and
   * Retry-After would otherwise add up to minutes behind a spinner. When the next wait would
   * pass it, the last failure is the answer.
   */
  maxTotalWaitMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 60_000,
  maxTotalWaitMs: 60_000,
}

/** Statuses worth another try of a GET (500 is not: it usually means a bug that stays). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504])

/**
 * Capped exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff And
 * Jitter"): spreads the retries of many clients instead of having them hit the server together.
 * `retry` counts from 0 for the first repeat.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry)
  return Math.floor(random() * ceiling)
}

/**
 * The longest wait a server may ask for. Beyond it the app waits a day and asks again: a
 * Retry-After of years (a broken or hostile server) must not lock an account until a restart,
 * and a timer longer than 2^31 ms would fire at once.
 */
export const MAX_SERVER_WAIT_MS = 24 * 60 * 60 * 1000

/** Retry-After as delta-seconds or an HTTP date (RFC 9110 10.2.3), in ms from now; undefined if absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value
  if (raw === undefined) return undefined
  const text = raw.trim()
  if (/^\d{1,16}$/.test(text)) return Math.min(MAX_SERVER_WAIT_MS, Number(text) * 1000)
  // An HTTP date always names its month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone
  // would also read "-5" or "2" as years. Dates are short: anything long is not one.
  const date = text.length <= 64 && /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN
  if (Number.isNaN(date)) return undefined
  return Math.min(MAX_SERVER_WAIT_MS, Math.max(0, date - nowMs))
}

// The reachability check: one GET of the site's address (http-get.ts) judged as a visitor
// would see it, then the rule that a site is Down only after two failures in a row at least
// a minute apart (one lost packet or a restart is not an outage worth a call).
import type { HealthCheckState, ReachabilityDetails } from '../../shared/health'
import { finding, plain, type CheckOutcome } from './check-outcome'
import type { HealthNetwork } from './health-network'
import { httpGet } from './http-get'

export const MAX_BODY_BYTES = 1024 * 1024
export const MAX_REDIRECTS = 10
/** The second failure must come at least this long after the first for the site to be Down. */
export const DOWN_AFTER_MS = 60_000

export interface ReachabilityOptions {
  network: HealthNetwork
  userAgent: string
  timeoutMs: number
  slowThresholdMs: number
  /** The text the page must contain; null for none. */
  lookFor: string | null
  ca?: readonly string[]
  signal?: AbortSignal
}

/** One attempt, before the two-failure rule: `failed` when the site did not answer well. */
export interface ReachabilityAttempt {
  failed: boolean
  outcome: CheckOutcome
}

export async function attemptReachability(address: string, options: ReachabilityOptions): Promise<ReachabilityAttempt> {
  const base: ReachabilityDetails = { kind: 'reachability', status: null, finalUrl: null, redirects: 0, ttfbMs: null, totalMs: null, keyword: null, failuresInRow: 0, failingSince: null }
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return { failed: false, outcome: finding('reachability', 'badAddress', `The site's address "${address.slice(0, 100)}" is not a web address, so it is not checked.`, base) }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { failed: false, outcome: finding('reachability', 'badAddress', `The site's address is a ${url.protocol.slice(0, -1)} address, not http or https, so it is not checked.`, base) }
  }
  const got = await httpGet(url.href, {
    network: options.network,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    maxRedirects: MAX_REDIRECTS,
    maxBodyBytes: MAX_BODY_BYTES,
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  })
  if (got.kind === 'failure') {
    const details = { ...base, finalUrl: got.finalUrl, redirects: got.redirects }
    return { failed: true, outcome: { ...finding('reachability', 'down', got.reason, details), sample: { up: false, ms: null } } }
  }
  const details: ReachabilityDetails = {
    ...base,
    status: got.status,
    finalUrl: got.finalUrl,
    redirects: got.redirects,
    ttfbMs: Math.round(got.ttfbMs),
    totalMs: Math.round(got.totalMs),
  }
  const where = got.redirects > 0 ? ` (at ${got.finalUrl} after ${got.redirects} redirect${got.redirects === 1 ? '' : 's'})` : ''
  if (got.status >= 400) {
    return { failed: true, outcome: { ...finding('reachability', 'down', `${url.host} answered HTTP ${got.status}${where}.`, details), sample: { up: false, ms: null } } }
  }
  const sample = { up: true, ms: details.totalMs }
  if (options.lookFor !== null && options.lookFor !== '') {
    const found = got.body.toString('utf8').includes(options.lookFor)
    details.keyword = found ? 'found' : 'missing'
    if (!found) {
      const within = got.truncated ? ` in its first ${MAX_BODY_BYTES / 1024 / 1024} MiB` : ''
      return { failed: false, outcome: { ...finding('reachability', 'keywordMissing', `The page${where} does not contain "${options.lookFor}"${within}.`, details), sample } }
    }
  }
  if (got.totalMs > options.slowThresholdMs) {
    return { failed: false, outcome: { ...finding('reachability', 'slow', `${url.host} took ${details.totalMs} ms to answer (Slow is above ${options.slowThresholdMs} ms).`, details), sample } }
  }
  return { failed: false, outcome: { ...plain('reachability', 'ok', `Answered HTTP ${got.status} in ${details.totalMs} ms${where}.`, details), sample } }
}

/**
 * The attempt under the two-failure rule, given the check's previous state: the first failure
 * (or a second within the minute) is "unknown" with the reason and a recheck due; only a
 * failure a minute or more after the first of the row makes the site Down.
 */
export function applyFailureRule(attempt: ReachabilityAttempt, previous: HealthCheckState | undefined, nowMs: number): CheckOutcome {
  const before = previous?.details.kind === 'reachability' ? previous.details : undefined
  const details = attempt.outcome.details as ReachabilityDetails
  if (!attempt.failed) return { ...attempt.outcome, details: { ...details, failuresInRow: 0, failingSince: null } }
  const failuresInRow = (before?.failuresInRow ?? 0) + 1
  const failingSince = before?.failingSince ?? new Date(nowMs).toISOString()
  const next = { ...details, failuresInRow, failingSince }
  if (failuresInRow >= 2 && nowMs - Date.parse(failingSince) >= DOWN_AFTER_MS) return { ...attempt.outcome, details: next }
  // Still Down while it lasts once the rule has made it so.
  if (previous?.cause === 'down') return { ...attempt.outcome, details: next }
  return { ...attempt.outcome, level: 'unknown', cause: null, reason: `${stripDot(attempt.outcome.reason)}; checking again in a minute before calling it down.`, details: next }
}

function stripDot(text: string): string {
  return text.endsWith('.') ? text.slice(0, -1) : text
}

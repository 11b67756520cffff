// What one run of a check answers: a level, at most one cause, one sentence and its details.
// Checks answer this for everything a site or the network does; they never throw for it.
import type { HealthCause, HealthCheck, HealthDetails, HealthLevel } from '../../shared/health'
import { HEALTH_CAUSE_LEVEL } from '../../shared/health'

export interface CheckOutcome {
  check: HealthCheck
  level: HealthLevel
  cause: HealthCause | null
  reason: string
  details: HealthDetails
  /** A reachability check's sample for the response times: whether it answered, and in how long. */
  sample?: { up: boolean; ms: number | null }
}

/** An outcome with a cause, at the cause's level. */
export function finding(check: HealthCheck, cause: HealthCause, reason: string, details: HealthDetails): CheckOutcome {
  return { check, level: HEALTH_CAUSE_LEVEL[cause], cause, reason, details }
}

/** An outcome without a cause (ok or unknown). */
export function plain(check: HealthCheck, level: 'ok' | 'unknown', reason: string, details: HealthDetails): CheckOutcome {
  return { check, level, cause: null, reason, details }
}

/** "in 3 days", "tomorrow", "today" for a time ahead. */
export function daysAhead(ms: number, nowMs: number): number {
  return Math.floor((ms - nowMs) / 86_400_000)
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

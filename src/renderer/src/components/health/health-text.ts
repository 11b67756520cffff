// Words of the site page's Health section: each check's name, durations ("2 h 5 min") and the
// response-time buckets' labels. Pure, so they are tested without a page.
import type { HealthCheck, ResponseTimePoint } from '../../../../shared/health'

export const CHECK_NAMES: Readonly<Record<HealthCheck, string>> = {
  reachability: 'Response',
  tls: 'Certificate',
  domain: 'Domain registration',
  dns: 'DNS',
  eol: 'End of life',
}

/** "45 s", "47 min", "2 h 5 min", "3 d 4 h": how long an incident lasted. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return `${Math.max(0, Math.round(ms / 1000))} s`
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`
  const days = Math.floor(hours / 24)
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`
}

const HOUR_LABEL = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
// Days are UTC days (core rolls them up so): labelled in UTC, or a day would show as the one before.
const DAY_LABEL = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** A bucket's label: "27 Nov, 14:00" for an hour, "27 Nov" for a day. */
export function bucketLabel(point: ResponseTimePoint, span: 'hour' | 'day'): string {
  return (span === 'hour' ? HOUR_LABEL : DAY_LABEL).format(Date.parse(point.at))
}

/** What a bucket's table row adds: "12 of 12 answered, slowest 820 ms". */
export function bucketDetail(point: ResponseTimePoint): string {
  const answered = `${point.up} of ${point.checks} answered`
  return point.maxMs === null ? answered : `${answered}, slowest ${point.maxMs} ms`
}

/** "99.31 %" or "No checks yet". */
export function formatUptime(percent: number | null): string {
  return percent === null ? 'No checks yet' : `${percent.toFixed(percent === 100 ? 0 : 2)} %`
}

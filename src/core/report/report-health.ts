// The health section: each site's uptime over the period from the daily buckets of its
// reachability checks, the incidents that overlap the period (their duration inside it), the
// certificate's and domain's expiry, and one response-time series over all the sites.
// Health keeps daily buckets about a month, which the section says when the period is older.
import { byCodeUnits, type SiteRow } from '../../shared'
import type { DomainDetails, SiteHealth, TlsDetails } from '../../shared/health'
import type { ReportHealth, ReportHealthSite } from '../../shared/report'
import { localDay } from './period'

const DAY_MS = 86_400_000
const HEALTH_DAYS_KEPT = 30

export function reportHealth(
  rows: readonly SiteRow[],
  health: (accountId: string, siteId: number) => SiteHealth | null,
  bounds: { fromMs: number; toMs: number },
  timeZone: string,
  nowMs: number,
): ReportHealth {
  const sites: ReportHealthSite[] = []
  const perDay = new Map<string, { sumMs: number; answers: number }>()
  let checks = 0
  let up = 0
  let incidents = 0
  for (const row of rows) {
    const found = health(row.accountId, row.site.id)
    if (found === null) continue
    let siteChecks = 0
    let siteUp = 0
    for (const point of found.responseTimes.days30) {
      const at = Date.parse(point.at)
      if (at < bounds.fromMs || at >= bounds.toMs) continue
      siteChecks += point.checks
      siteUp += point.up
      if (point.avgMs !== null && point.up > 0) {
        // A UTC day's bucket is named by the local day of its middle.
        const day = localDay(at + DAY_MS / 2, timeZone)
        const entry = perDay.get(day) ?? { sumMs: 0, answers: 0 }
        entry.sumMs += point.avgMs * point.up
        entry.answers += point.up
        perDay.set(day, entry)
      }
    }
    const inPeriod = found.incidents
      .map((incident) => {
        const from = Date.parse(incident.from)
        const to = incident.to === null ? Math.min(nowMs, bounds.toMs) : Date.parse(incident.to)
        const durationMs = Math.max(0, Math.min(to, bounds.toMs) - Math.max(from, bounds.fromMs))
        return { from, to, durationMs, incident }
      })
      .filter(({ from, to }) => from < bounds.toMs && to > bounds.fromMs)
      .sort((a, b) => a.from - b.from)
      .map(({ durationMs, incident }) => ({ cause: incident.cause, from: incident.from, to: incident.to, durationMs, reason: incident.reason }))
    incidents += inPeriod.length
    checks += siteChecks
    up += siteUp
    const tls = found.checks.find((c) => c.details.kind === 'tls')?.details as TlsDetails | undefined
    const domain = found.checks.find((c) => c.details.kind === 'domain')?.details as DomainDetails | undefined
    sites.push({
      site: found.site,
      siteName: row.site.name,
      enabled: found.enabled,
      uptime: percent(siteUp, siteChecks),
      checks: siteChecks,
      incidents: inPeriod,
      certificateExpires: tls?.expiresAt ?? null,
      domainExpires: domain?.expiresAt ?? null,
    })
  }
  const series = [...perDay.entries()]
    .sort(([a], [b]) => byCodeUnits(a, b))
    .map(([day, { sumMs, answers }]) => ({ day, avgMs: Math.round(sumMs / answers) }))
  const keptFromMs = nowMs - HEALTH_DAYS_KEPT * DAY_MS
  return {
    anyEnabled: sites.some((site) => site.enabled),
    sites,
    series,
    uptime: percent(up, checks),
    incidents,
    coverageNote:
      bounds.fromMs < keptFromMs
        ? `Health results are kept for ${HEALTH_DAYS_KEPT} days: uptime and response times cover only the part of the period since ${localDay(keptFromMs, timeZone)}.`
        : null,
  }
}

function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 100
}

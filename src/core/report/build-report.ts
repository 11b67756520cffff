// The report model: everything a client report says, computed from the store only for a
// period of local days (DESIGN.md, "Reports"). Nothing here reads the clock but through
// `sources.nowMs` or the network, so the same request over the same store gives the same numbers.
import { keyOf, type SiteRow } from '../../shared'
import { HEALTH_CAUSE_LEVEL, type HealthLevel } from '../../shared/health'
import type { Report, ReportAttention, ReportPendingSite, ReportRequest, ReportServerSite, ReportSite } from '../../shared/report'
import { checkEndOfLife } from '../health/eol-check'
import { HEALTH_CAUSE_TEXT } from './attention-text'
import { localDay, periodBounds } from './period'
import { periodEvents } from './report-events'
import { reportHealth } from './report-health'
import { HISTORY_LIMIT, siteTimeline } from './report-history'
import type { ReportSources } from './report-sources'
import { isWholeScope, selectedSites } from './selected-sites'

export function buildReport(request: ReportRequest, sources: ReportSources): Report {
  const { period } = request
  const bounds = periodBounds(period)
  const tz = period.timeZone
  const rows = selectedSites(sources.accounts, request.selection)
  const labelOf = new Map(sources.accounts.map((a) => [a.accountId, a.label]))

  const names = new Map<string, string>(rows.map((row) => [row.key, row.site.name]))
  const whole = isWholeScope(request.selection)
  const removed = new Map<string, ReportSite>()
  // A whole account's report keeps the events of sites removed since (their name is gone).
  const wanted = (accountId: string, siteId: number): string | undefined => {
    const key = keyOf(accountId, siteId)
    const name = names.get(key)
    if (name !== undefined || !whole) return name
    const label = `Site #${siteId} (removed)`
    if (!removed.has(key)) removed.set(key, { key, accountId, accountLabel: labelOf.get(accountId) ?? accountId, name: label, url: '', addedInPeriod: null, removed: true })
    return label
  }
  // A client's few sites are read from their own feeds; most of an account, from its feed by day.
  const scopeSites = sources.accounts.reduce((sum, account) => sum + account.sites.length, 0)
  const onlySites = whole || rows.length * 4 > scopeSites ? null : groupByAccount(rows)
  const { updates, installs } = periodEvents(sources, bounds, tz, wanted, onlySites)

  const sites: ReportSite[] = rows.map((row) => {
    const added = Date.parse(row.site.created_at)
    return {
      key: row.key,
      accountId: row.accountId,
      accountLabel: labelOf.get(row.accountId) ?? row.accountId,
      name: row.site.name,
      url: row.site.url,
      addedInPeriod: added >= bounds.fromMs && added < bounds.toMs ? localDay(added, tz) : null,
      removed: false,
    }
  })
  sites.push(...[...removed.values()].sort((a, b) => a.key.localeCompare(b.key)))

  // Pending updates and versions are as of the period's end, or now when it has not ended.
  const endMs = Math.min(bounds.toMs, sources.nowMs)
  const pending: ReportPendingSite[] = []
  const server: ReportServerSite[] = []
  for (const row of rows) {
    const timeline = siteTimeline(row.site, sources.workspace.siteHistory(row.accountId, row.site.id, HISTORY_LIMIT), HISTORY_LIMIT)
    pending.push({
      site: row.key,
      siteName: row.site.name,
      now: row.site.updates_count ?? null,
      atStart: timeline.pendingAt(bounds.fromMs),
      atEnd: bounds.toMs >= sources.nowMs ? (row.site.updates_count ?? null) : timeline.pendingAt(bounds.toMs),
    })
    const eol = checkEndOfLife(row.site.server, endMs)
    server.push({
      site: row.key,
      siteName: row.site.name,
      php: row.site.server.php,
      mysql: row.site.server.mysql,
      web: row.site.server.web,
      eolLevel: eol.level,
      eolReason: eol.reason,
      changes: timeline.serverChanges(bounds.fromMs, bounds.toMs, tz),
    })
  }

  const health = reportHealth(rows, sources.health, bounds, tz, sources.nowMs)
  const pendingNow = pending.reduce((sum, site) => sum + (site.now ?? 0), 0)
  const knownStarts = pending.filter((site) => site.atStart !== null)

  return {
    request,
    fromIso: new Date(bounds.fromMs).toISOString(),
    toIso: new Date(bounds.toMs).toISOString(),
    periodLabel: bounds.label,
    accounts: sources.accounts.map((account) => ({ accountId: account.accountId, label: account.label, lastSyncedAt: sources.workspace.syncMeta(account.accountId).lastSyncedAt })),
    gaps: gapsOf(sources, bounds.fromMs, tz),
    sites,
    summary: {
      sites: rows.length,
      updatesApplied: updates.length,
      extensionsInstalled: installs.length,
      pendingNow,
      pendingAtStart: knownStarts.length === 0 ? null : knownStarts.reduce((sum, site) => sum + (site.atStart ?? 0), 0),
      uptime: health.uptime,
      incidents: health.incidents,
      attention: attentionOf(rows, pending, server, health.sites),
    },
    updates,
    installs,
    pending,
    server,
    health,
  }
}

/** Accounts whose stored events may not reach back to the period's start. */
function gapsOf(sources: ReportSources, fromMs: number, tz: string): string[] {
  const gaps: string[] = []
  for (const account of sources.accounts) {
    const meta = sources.workspace.syncMeta(account.accountId)
    if (meta.lastSyncedAt === null) {
      gaps.push(`${account.label} has not been synced yet: the app holds none of its events, so this report cannot count them.`)
      continue
    }
    const addedMs = Date.parse(account.createdAt)
    if (meta.eventsBackfillPage === null || addedMs <= fromMs) continue
    // Older events are still being read in: does the store reach back before the period?
    const before = sources.workspace.queryEvents({ scope: [account.accountId], to: new Date(fromMs - 1).toISOString(), limit: 1 })
    if (before.events.length > 0) continue
    gaps.push(
      `${account.label} was added to the app on ${localDay(addedMs, tz)}, after the period began, and its older events have not all been read yet: the app holds no events of it for part of the period.`,
    )
  }
  return gaps
}

function attentionOf(
  rows: readonly SiteRow[],
  pending: readonly ReportPendingSite[],
  server: readonly ReportServerSite[],
  health: Report['health']['sites'],
): ReportAttention[] {
  const found: ReportAttention[] = []
  const withPending = pending.filter((site) => (site.now ?? 0) > 0)
  if (withPending.length > 0) {
    const total = withPending.reduce((sum, site) => sum + (site.now ?? 0), 0)
    found.push({ level: 'warning', text: `${total} pending update${total === 1 ? '' : 's'} on ${plural(withPending.length, 'site')}.` })
  }
  const eol = (level: HealthLevel, text: string): void => {
    const count = server.filter((site) => site.eolLevel === level).length
    if (count > 0) found.push({ level, text: `${plural(count, 'site')} ${count === 1 ? 'runs' : 'run'} ${text}` })
  }
  eol('warning', 'PHP or a database past its end of security support.')
  eol('note', 'PHP or a database past its end of active support.')
  const openIncidents = new Map<string, number>()
  for (const site of health) {
    for (const incident of site.incidents) if (incident.to === null) openIncidents.set(incident.cause, (openIncidents.get(incident.cause) ?? 0) + 1)
  }
  for (const [cause, count] of openIncidents) {
    const text = HEALTH_CAUSE_TEXT[cause as keyof typeof HEALTH_CAUSE_TEXT]
    found.push({ level: HEALTH_CAUSE_LEVEL[cause as keyof typeof HEALTH_CAUSE_LEVEL], text: `${plural(count, 'site')}: ${text}, still.` })
  }
  if (found.length === 0 && rows.length > 0) found.push({ level: 'ok', text: 'Nothing needs attention now.' })
  return found
}

function groupByAccount(rows: readonly SiteRow[]): Map<string, number[]> {
  const sites = new Map<string, number[]>()
  for (const row of rows) sites.set(row.accountId, [...(sites.get(row.accountId) ?? []), row.site.id])
  return sites
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

// Pending updates and server software over the period, from what the store saw change sync
// after sync (site history). A value at a past time is the value now with every later change
// undone; when the history does not reach back that far, it is not known (null), never guessed.
import type { Site, SiteHistory, SiteHistoryChange } from '../../shared'
import type { ReportServerChange } from '../../shared/report'
import { localDay } from './period'

/** Enough for a year of a busy site's changes; what lies beyond is "not known". */
export const HISTORY_LIMIT = 5_000

export interface SiteTimeline {
  pendingAt(ms: number): number | null
  serverChanges(fromMs: number, toMs: number, timeZone: string): ReportServerChange[]
}

export function siteTimeline(site: Site, history: SiteHistory, limit: number): SiteTimeline {
  const changes = history.changes
  const sinceMs = history.since === null ? Number.POSITIVE_INFINITY : Date.parse(history.since)
  // Changes older than the oldest one read may be missing when the read was cut at `limit`.
  const completeFromMs = changes.length >= limit ? Date.parse(changes[changes.length - 1]!.at) : sinceMs
  const createdMs = Date.parse(site.created_at)
  return {
    pendingAt(ms) {
      // Before the site existed, or before the history is complete: not known.
      if (ms < completeFromMs || createdMs > ms) return null
      let value: SiteHistoryChange['to'] = site.updates_count ?? null
      for (const change of changes) {
        if (Date.parse(change.at) <= ms) break
        if (change.field === 'updates') value = change.from
      }
      return typeof value === 'number' ? value : null
    },
    serverChanges(fromMs, toMs, timeZone) {
      const found: ReportServerChange[] = []
      for (const change of changes) {
        const at = Date.parse(change.at)
        if (at < fromMs) break
        if (at >= toMs) continue
        if (change.field !== 'php' && change.field !== 'mysql' && change.field !== 'web') continue
        const text = (value: SiteHistoryChange['from']) => (value === null ? null : String(value))
        found.push({ day: localDay(at, timeZone), field: change.field, from: text(change.from), to: text(change.to) })
      }
      return found.reverse()
    },
  }
}

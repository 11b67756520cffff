// The period's extension events of the report's sites, read from the store a slice at a time
// (the feed's keyset order), and turned into the rows of the updates and installs tables.
import { byCodeUnits, keyOf, type EventQuery, type ScopedEvent } from '../../shared'
import type { ReportInstall, ReportUpdate } from '../../shared/report'
import { parseInstallText, parseUpdateText } from './event-text'
import { localDay } from './period'
import type { ReportSources } from './report-sources'

const SLICE = 500
const WINDOW_MS = 86_400_000
export const UPDATED = 'updated_extension'
export const INSTALLED = 'new_extension'

export interface PeriodEvents {
  updates: ReportUpdate[]
  installs: ReportInstall[]
}

/**
 * `wanted(accountId, siteId)` answers the site's name when the report covers it, else
 * undefined. Rows come oldest first; ties by site name, then the event's id, so the order is
 * the same every time.
 */
export function periodEvents(
  sources: ReportSources,
  bounds: { fromMs: number; toMs: number },
  timeZone: string,
  wanted: (accountId: string, siteId: number) => string | undefined,
  /** Read only these sites' feeds (a small part of their accounts); null: every event of each account. */
  onlySites: ReadonlyMap<string, readonly number[]> | null = null,
): PeriodEvents {
  const found: { event: ScopedEvent; siteName: string; ms: number }[] = []
  const read = (query: Omit<EventQuery, 'limit' | 'after' | 'types'>): void => {
    let after: ScopedEvent | undefined
    for (;;) {
      const slice = sources.workspace.queryEvents({
        ...query,
        types: [UPDATED, INSTALLED],
        limit: SLICE,
        ...(after ? { after: { createdAt: after.created_at, accountId: after.accountId, id: after.id } } : {}),
      })
      for (const event of slice.events) {
        const siteName = wanted(event.accountId, event.site_id)
        if (siteName !== undefined) found.push({ event, siteName, ms: Date.parse(event.created_at) })
      }
      if (slice.next === null || slice.events.length === 0) return
      after = slice.events[slice.events.length - 1]
    }
  }
  // The store's bounds are inclusive; the period's end is not.
  const iso = (ms: number) => new Date(ms).toISOString()
  for (const account of sources.accounts) {
    const siteIds = onlySites?.get(account.accountId)
    if (onlySites !== null) {
      // A few sites of the account (a client's tag): each site's own feed, on its index.
      for (const siteId of siteIds ?? []) read({ scope: [account.accountId], site: keyOf(account.accountId, siteId), from: iso(bounds.fromMs), to: iso(bounds.toMs - 1) })
      continue
    }
    // The whole account a day at a time: the store counts every match of a query with each
    // slice, so short windows keep a year's report linear in its events instead of quadratic.
    for (let windowFrom = bounds.fromMs; windowFrom < bounds.toMs; windowFrom += WINDOW_MS) {
      read({ scope: [account.accountId], from: iso(windowFrom), to: iso(Math.min(bounds.toMs, windowFrom + WINDOW_MS) - 1) })
    }
  }
  // Code-unit order for names: the same on every machine, whatever its locale.
  found.sort((a, b) => a.ms - b.ms || byCodeUnits(a.siteName, b.siteName) || byCodeUnits(a.event.accountId, b.event.accountId) || a.event.id - b.event.id)

  // Offsets are whole quarter hours, so every instant of a quarter hour has the same local day.
  const days = new Map<number, string>()
  const dayOf = (ms: number): string => {
    const quarter = Math.floor(ms / 900_000)
    let day = days.get(quarter)
    if (day === undefined) days.set(quarter, (day = localDay(ms, timeZone)))
    return day
  }
  const updates: ReportUpdate[] = []
  const installs: ReportInstall[] = []
  for (const { event, siteName, ms } of found) {
    const common = { site: keyOf(event.accountId, event.site_id), siteName, day: dayOf(ms), at: new Date(ms).toISOString() }
    if (event.type === UPDATED) updates.push({ ...common, ...parseUpdateText(event.message) })
    else installs.push({ ...common, ...parseInstallText(event.message) })
  }
  return { updates, installs }
}

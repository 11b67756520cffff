// The Overview's figures, worked out from the active account's sites and nothing else (pure,
// so the cards, the charts and their tables all agree with what the Sites view would count).
// Versions are grouped the way people talk about them ("PHP 8.2", "MariaDB 10.6", "nginx"),
// each group keeping the exact values it holds: a slice opens the Sites view filtered to
// exactly those values, which is the filter the Sites view already understands.
import type { Site } from '../../../shared'
import { isAccountSite } from './scope-site'

export const DAY_MS = 24 * 60 * 60 * 1000
/** How many sites the pending-updates chart shows. */
export const TOP_PENDING = 15
/** Groups beyond this many are folded into one "Other" slice, so a pie stays readable. */
export const MAX_SLICES = 7

export interface OverviewTotals {
  sites: number
  /** Sites with at least one pending update. */
  withUpdates: number
  /** All pending updates added up. */
  pendingUpdates: number
  /** Sites the server never checked. */
  neverChecked: number
  /** Sites last checked more than 24 hours ago (the never checked are not counted here). */
  stale: number
}

export function overviewTotals(sites: readonly Site[], now: number): OverviewTotals {
  let withUpdates = 0
  let pendingUpdates = 0
  let neverChecked = 0
  let stale = 0
  const staleBefore = now - DAY_MS
  for (const site of sites) {
    const updates = site.updates_count ?? 0
    if (updates > 0) withUpdates++
    pendingUpdates += updates
    if (site.last_check_at === null) neverChecked++
    else if (Date.parse(site.last_check_at) < staleBefore) stale++
  }
  return { sites: sites.length, withUpdates, pendingUpdates, neverChecked, stale }
}

export interface PendingBar {
  /** The site's id in its account. */
  id: number
  name: string
  updates: number
  /** Of a row of the All accounts scope: its account (absent for a plain site of the active one). */
  accountId?: string
  accountLabel?: string
}

/** The sites with the most pending updates, most first (ties by name), only those with any. */
export function topPending(sites: readonly Site[], limit = TOP_PENDING): PendingBar[] {
  return sites
    .filter((site) => (site.updates_count ?? 0) > 0)
    .map((site) => {
      const bar: PendingBar = { id: site.id, name: site.name, updates: site.updates_count ?? 0 }
      if (isAccountSite(site)) Object.assign(bar, { id: site.siteId, accountId: site.accountId, accountLabel: site.accountLabel })
      return bar
    })
    .sort((a, b) => b.updates - a.updates || a.name.localeCompare(b.name) || (a.accountId ?? '').localeCompare(b.accountId ?? '') || a.id - b.id)
    .slice(0, limit)
}

export type VersionFacet = 'php' | 'mysql' | 'web'

export interface ExactValue {
  /** As the server reports it; '' for "not known" (the Sites filter's own value for it). */
  value: string
  count: number
}

export interface VersionGroup {
  label: string
  count: number
  /** The exact values in the group, most sites first: what the slice's link filters on. */
  values: ExactValue[]
}

export const NOT_KNOWN = 'Not known'
export const OTHER = 'Other'

/** The group a reported value belongs to, e.g. "8.2.18" -> "PHP 8.2". */
export function groupLabel(facet: VersionFacet, value: string): string {
  const text = value.trim()
  if (text === '') return NOT_KNOWN
  if (facet === 'web') {
    // "nginx/1.24.0", "Apache/2.4.58 (Debian)", "LiteSpeed": the server's name.
    const name = /^[^/\s(]+/.exec(text)?.[0]
    return name ?? text
  }
  const minor = /(\d+)\.(\d+)/.exec(text)
  if (facet === 'php') return minor ? `PHP ${minor[1]}.${minor[2]}` : `PHP ${text}`
  const product = /mariadb/i.test(text) ? 'MariaDB' : 'MySQL'
  return minor ? `${product} ${minor[1]}.${minor[2]}` : `${product} ${text}`
}

function compareValues(a: ExactValue, b: ExactValue): number {
  return b.count - a.count || a.value.localeCompare(b.value, undefined, { numeric: true })
}

/**
 * The sites per version group of one server facet, most sites first ("Not known" last), the
 * smallest groups beyond `maxSlices` folded into "Other" with all their exact values.
 */
export function versionGroups(sites: readonly Site[], facet: VersionFacet, maxSlices = MAX_SLICES): VersionGroup[] {
  const exact = new Map<string, number>()
  for (const site of sites) {
    const value = site.server[facet] ?? ''
    exact.set(value, (exact.get(value) ?? 0) + 1)
  }
  const groups = new Map<string, VersionGroup>()
  for (const [value, count] of exact) {
    const label = groupLabel(facet, value)
    const group = groups.get(label) ?? { label, count: 0, values: [] }
    group.count += count
    group.values.push({ value, count })
    groups.set(label, group)
  }
  for (const group of groups.values()) group.values.sort(compareValues)
  const known = [...groups.values()]
    .filter((g) => g.label !== NOT_KNOWN)
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, undefined, { numeric: true }))
  const unknown = groups.get(NOT_KNOWN)
  const room = Math.max(1, maxSlices - (unknown ? 1 : 0))
  let shown = known
  if (known.length > room) {
    const kept = known.slice(0, room - 1)
    const rest = known.slice(room - 1)
    const other: VersionGroup = {
      label: OTHER,
      count: rest.reduce((sum, g) => sum + g.count, 0),
      values: rest.flatMap((g) => g.values).sort(compareValues),
    }
    shown = [...kept, other]
  }
  return unknown ? [...shown, unknown] : shown
}

/** The Sites view's address for the sites of a group: `/sites?php=8.2.18&php=8.2.20`. */
export function groupQuery(facet: VersionFacet, group: VersionGroup): Record<string, string[]> {
  return { [facet]: group.values.map((v) => v.value) }
}

export interface DailySeries {
  /** 'YYYY-MM-DD', oldest first, one per day (days without events included). */
  days: string[]
  /** Per event type, one count per day, types by their total (most first). */
  series: Array<{ type: string; counts: number[]; total: number }>
}

/** The local calendar day of a time as 'YYYY-MM-DD'. */
export function localDay(time: number): string {
  const d = new Date(time)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** The last `days` local days up to today, oldest first. */
export function lastDays(days: number, now: number): string[] {
  const out: string[] = []
  const today = new Date(now)
  for (let i = days - 1; i >= 0; i--) {
    // Calendar arithmetic, not 24-hour steps: a daylight-saving day is 23 or 25 hours long.
    out.push(localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - i, 12).getTime()))
  }
  return out
}

/** The per-day, per-type counts core answers, laid out as one series per type over every day. */
export function dailySeries(rows: ReadonlyArray<{ day: string; type: string; count: number }>, days: readonly string[]): DailySeries {
  const index = new Map(days.map((day, i) => [day, i]))
  const byType = new Map<string, number[]>()
  for (const row of rows) {
    const i = index.get(row.day)
    if (i === undefined) continue
    const counts = byType.get(row.type) ?? days.map(() => 0)
    counts[i] = (counts[i] ?? 0) + row.count
    byType.set(row.type, counts)
  }
  const series = [...byType.entries()]
    .map(([type, counts]) => ({ type, counts, total: counts.reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total || a.type.localeCompare(b.type))
  return { days: [...days], series }
}

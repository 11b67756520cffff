// What one sync found needing the person's attention, as one notification: new
// update_extension_available events, sites whose pending updates rose, and sites that went
// over 24 hours without a check. Pure, so every rule is tested without a server or a store.
import type { AttentionSummary, NotifyOn, Site, SyncChanges } from '../../shared'

export const UPDATE_EVENT_TYPE = 'update_extension_available'
export const NOT_CHECKED_MS = 24 * 60 * 60 * 1000

export interface AttentionInput {
  changes: SyncChanges
  accountLabel: string
  /** The account's sites after the sync. */
  sites: readonly Site[]
  /** The site of each new update_extension_available event since the previous full sync (one entry per event). */
  updateEventSiteIds: readonly number[]
  notifyOn: NotifyOn
  /** ISO time of the sync before this one; null when not known (then every stale site counts). */
  previousSyncedAt: string | null
}

/** The one summary of a sync, or null: an account's first sync, or nothing that counts. */
export function attentionSummary(input: AttentionInput): AttentionSummary | null {
  const { changes, notifyOn } = input
  // Everything is new on a first sync, so nothing in it is news.
  if (changes.first) return null
  const eventSites = notifyOn.newUpdateEvents ? input.updateEventSiteIds : []
  const rose = notifyOn.pendingRose ? pendingRose(changes) : []
  const stale = notifyOn.notChecked ? newlyNotChecked(input) : []
  const counts = { newUpdateEvents: eventSites.length, pendingRose: rose.length, notChecked: stale.length }
  if (counts.newUpdateEvents + counts.pendingRose + counts.notChecked === 0) return null
  const siteCount = new Set([...eventSites, ...rose, ...stale]).size
  const { path, query } = targetOf(counts)
  return {
    accountId: changes.accountId,
    accountLabel: input.accountLabel,
    title: `${input.accountLabel}: ${plural(siteCount, 'site needs', 'sites need')} attention`,
    body: bodyOf(counts),
    path,
    query,
    counts,
  }
}

/** Sites whose pending updates went up (a first count above zero is a rise too). */
export function pendingRose(changes: SyncChanges): number[] {
  return changes.updatesChanged.filter(({ from, to }) => (to ?? 0) > (from ?? 0)).map(({ siteId }) => siteId)
}

/**
 * Sites not checked for over 24 hours that were not so at the previous sync (or are new to
 * the account): a site that stays unchecked is told once, not after every sync all day.
 * A site never checked counts from when it was created.
 */
export function newlyNotChecked(input: Pick<AttentionInput, 'changes' | 'sites' | 'previousSyncedAt'>): number[] {
  const now = Date.parse(input.changes.syncedAt)
  const before = input.previousSyncedAt === null ? Number.NaN : Date.parse(input.previousSyncedAt)
  const added = new Set(input.changes.sitesAdded)
  const out: number[] = []
  for (const site of input.sites) {
    const checked = Date.parse(site.last_check_at ?? site.created_at)
    if (Number.isNaN(checked) || now - checked <= NOT_CHECKED_MS) continue
    const staleBefore = !Number.isNaN(before) && before - checked > NOT_CHECKED_MS
    if (!staleBefore || added.has(site.id)) out.push(site.id)
  }
  return out
}

type Counts = AttentionSummary['counts']

/**
 * The view that shows what the notification is about: the events feed for new update events
 * alone, the sites oldest-checked first for unchecked sites alone, else the sites with updates.
 */
export function targetOf(counts: Counts): { path: string; query: Record<string, string> } {
  const updates = counts.newUpdateEvents > 0 || counts.pendingRose > 0
  if (counts.newUpdateEvents > 0 && counts.pendingRose === 0 && counts.notChecked === 0) {
    return { path: '/events', query: { type: UPDATE_EVENT_TYPE } }
  }
  if (!updates) return { path: '/sites', query: { sort: 'lastCheck' } }
  return { path: '/sites', query: { updates: '1' } }
}

function bodyOf(counts: Counts): string {
  const lines: string[] = []
  if (counts.newUpdateEvents > 0) lines.push(`${plural(counts.newUpdateEvents, 'new extension update', 'new extension updates')} available`)
  if (counts.pendingRose > 0) lines.push(`${plural(counts.pendingRose, 'site has', 'sites have')} more pending updates`)
  if (counts.notChecked > 0) lines.push(`${plural(counts.notChecked, 'site has', 'sites have')} not been checked for over 24 hours`)
  return lines.join('\n')
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

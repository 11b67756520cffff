// What one sync changed, worked out from the snapshot before and after it: the overview and
// notifications show it (SyncChanges in the contract). Pure functions, so they are tested
// without a server or a store.
import type { Site, SiteEvent, SyncChanges, Tag } from '../../shared'

/** SyncChanges keeps this many new event ids at most (the contract says a few hundred). */
export const MAX_CHANGE_EVENT_IDS = 300

export interface SnapshotDiffInput {
  accountId: string
  syncedAt: string
  /** The account's first sync: everything is new, so nothing is news. */
  first: boolean
  before: readonly Site[]
  after: readonly Site[]
  /** Events this sync stored for the first time, in any order. */
  newEvents: readonly SiteEvent[]
}

export function diffSnapshot(input: SnapshotDiffInput): SyncChanges {
  const before = new Map(input.before.map((site) => [site.id, site]))
  const after = new Map(input.after.map((site) => [site.id, site]))
  const sitesAdded: number[] = []
  const updatesChanged: SyncChanges['updatesChanged'] = []
  const lastCheckChanged: number[] = []
  for (const [id, site] of after) {
    const old = before.get(id)
    if (!old) {
      sitesAdded.push(id)
      continue
    }
    const from = old.updates_count ?? null
    const to = site.updates_count ?? null
    if (from !== to) updatesChanged.push({ siteId: id, from, to })
    if (old.last_check_at !== site.last_check_at) lastCheckChanged.push(id)
  }
  const sitesRemoved = [...before.keys()].filter((id) => !after.has(id))
  const newest = newestFirst(input.newEvents)
  return {
    accountId: input.accountId,
    syncedAt: input.syncedAt,
    first: input.first,
    sitesAdded: sitesAdded.sort(byNumber),
    sitesRemoved: sitesRemoved.sort(byNumber),
    updatesChanged: updatesChanged.sort((a, b) => a.siteId - b.siteId),
    lastCheckChanged: lastCheckChanged.sort(byNumber),
    newEventIds: newest.slice(0, MAX_CHANGE_EVENT_IDS).map((event) => event.id),
    newEventCount: newest.length,
  }
}

/** Whether a sync found anything worth keeping in the history of changes. */
export function hasChanges(changes: SyncChanges): boolean {
  return (
    changes.sitesAdded.length > 0 ||
    changes.sitesRemoved.length > 0 ||
    changes.updatesChanged.length > 0 ||
    changes.lastCheckChanged.length > 0 ||
    changes.newEventCount > 0
  )
}

/** Newest first, as the API lists events: by created_at, then id. */
export function newestFirst(events: readonly SiteEvent[]): SiteEvent[] {
  return [...events].sort((a, b) => {
    const at = Date.parse(b.created_at) - Date.parse(a.created_at)
    return at !== 0 && !Number.isNaN(at) ? at : b.id - a.id
  })
}

/** Whether two reads of a list hold different records (any field, any id). */
export function recordsDiffer(before: readonly (Site | Tag)[], after: readonly (Site | Tag)[]): boolean {
  if (before.length !== after.length) return true
  const old = new Map(before.map((record) => [record.id, JSON.stringify(record)]))
  return after.some((record) => old.get(record.id) !== JSON.stringify(record))
}

function byNumber(a: number, b: number): number {
  return a - b
}

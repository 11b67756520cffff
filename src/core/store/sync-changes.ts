// What one sync changed (SyncChanges in the contract), tallied while the store writes the
// sync's sites: the very comparison that keeps each site's history (site-history.ts) tells it,
// so a sync compares the old and new sites once.
import type { HistoryField, SiteEvent, SyncChanges } from '../../shared'
import type { SiteChangeListener, Stored } from './site-history'

/** SyncChanges keeps this many new event ids at most (the contract says a few hundred). */
export const MAX_CHANGE_EVENT_IDS = 300

export class ChangeTally implements SiteChangeListener {
  private readonly sitesAdded: number[] = []
  private readonly sitesRemoved: number[] = []
  private readonly updatesChanged: SyncChanges['updatesChanged'] = []
  private readonly lastCheckChanged: number[] = []

  added(siteId: number): void {
    this.sitesAdded.push(siteId)
  }

  removed(siteId: number): void {
    this.sitesRemoved.push(siteId)
  }

  changed(siteId: number, field: HistoryField, from: Stored, to: Stored): void {
    // SyncChanges follows pending updates and the last check; history follows the versions too.
    if (field === 'updates') this.updatesChanged.push({ siteId, from: from as number | null, to: to as number | null })
    else if (field === 'lastCheck') this.lastCheckChanged.push(siteId)
  }

  /** The sync's changes; `newEvents` are the events it stored for the first time, in any order. */
  result(accountId: string, syncedAt: string, first: boolean, newEvents: readonly SiteEvent[]): SyncChanges {
    const newest = newestFirst(newEvents)
    return {
      accountId,
      syncedAt,
      first,
      sitesAdded: [...this.sitesAdded].sort(byNumber),
      sitesRemoved: [...this.sitesRemoved].sort(byNumber),
      updatesChanged: [...this.updatesChanged].sort((a, b) => a.siteId - b.siteId),
      lastCheckChanged: [...this.lastCheckChanged].sort(byNumber),
      newEventIds: newest.slice(0, MAX_CHANGE_EVENT_IDS).map((event) => event.id),
      newEventCount: newest.length,
    }
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

function byNumber(a: number, b: number): number {
  return a - b
}

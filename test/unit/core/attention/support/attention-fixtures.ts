// What the attention tests build over and over: a site with a number of pending updates and a
// last check, a sync's changes with nothing in them, and an update event. One definition each,
// over the shared shapes of test/unit/support/domain-objects.ts.
import type { Site, SiteEvent, SyncChanges } from '../../../../../src/shared'
import { makeEvent, makeSite } from '../../../support/domain-objects'

/** A site as attention reads it: its pending updates and when the server last checked it. */
export function attentionSite(id: number, updates: number, lastCheckAt: string | null): Site {
  return makeSite(id, { updates_count: updates, last_check_at: lastCheckAt })
}

/** The changes of one sync that found nothing, with the patch applied. */
export function syncChanges(accountId: string, syncedAt: string, patch: Partial<SyncChanges> = {}): SyncChanges {
  return {
    accountId,
    syncedAt,
    first: false,
    sitesAdded: [],
    sitesRemoved: [],
    updatesChanged: [],
    lastCheckChanged: [],
    newEventIds: [],
    newEventCount: 0,
    ...patch,
  }
}

/** An event of the given type (by default "an update is available") for a site. */
export function siteEvent(id: number, siteId: number, createdAt: string, type = 'update_extension_available'): SiteEvent {
  return makeEvent(id, { site_id: siteId, type, created_at: createdAt })
}

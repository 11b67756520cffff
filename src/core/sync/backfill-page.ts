// Where the background backfill of older events goes on after a read of the newest ones: the
// next server page of GET /logs it reads (null: nothing older to fill in). A pure rule, run by
// the store inside a full sync's transaction and after an events-only sync.
import type { NewEventsRead } from './read-new-events'

export function nextBackfillPage(read: NewEventsRead, storedCount: number, first: boolean, current: number | null): number | null {
  // A first sync reads a recent window; the backfill goes on after it, unless it was all.
  if (first) return read.nextPage
  // New events pushed the older ones back by this many whole pages: skip those re-reads.
  const shifted = current === null ? null : current + Math.floor(storedCount / Math.max(1, read.perPage))
  // A read that stopped before reaching a stored event leaves a gap for the backfill.
  const gap = !read.reachedKnown && read.nextPage !== null ? read.nextPage : null
  return gap === null ? shifted : shifted === null ? gap : Math.min(gap, shifted)
}

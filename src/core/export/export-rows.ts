// The rows an export writes, read as the file is written, never all at once: a view's sites
// from the query engine (core/query) a range at a time, in the view's order, and a feed's
// events from the store a keyset slice at a time, newest first.
import { MAX_QUERY_ROWS, type RowKey, type ScopedEvent, type SiteRow, type SitesExportQuery, type EventsExportQuery } from '../../shared'
import { querySites, type QueryAccount } from '../query'
import type { WorkspaceStore } from '../store/workspace-store'

/** The store answers at most this many events per slice. */
const EVENT_SLICE = 500

/**
 * Every row the query matches, in its order. The accounts' lists are the ones read when the
 * export began, so a sync meanwhile cannot shift rows between ranges.
 */
export function* queryRows(accounts: readonly QueryAccount[], query: SitesExportQuery, except: readonly RowKey[] = []): Generator<SiteRow> {
  const left = new Set(except)
  for (let offset = 0; ; offset += MAX_QUERY_ROWS) {
    const page = querySites(accounts, { ...query, offset, limit: MAX_QUERY_ROWS })
    for (const row of page.rows) if (!left.has(row.key)) yield row
    if (page.rows.length === 0 || offset + page.rows.length >= page.total) return
  }
}

/** Every stored event the query matches, newest first (keyset slices: none missed or repeated). */
export function* storedEvents(workspace: Pick<WorkspaceStore, 'queryEvents'>, query: EventsExportQuery): Generator<ScopedEvent> {
  let after: ScopedEvent | undefined
  for (;;) {
    const cursor = after === undefined ? {} : { after: { createdAt: after.created_at, accountId: after.accountId, id: after.id } }
    const slice = workspace.queryEvents({ ...query, limit: EVENT_SLICE, ...cursor })
    yield* slice.events
    if (slice.next === null || slice.events.length === 0) return
    after = slice.events[slice.events.length - 1]
  }
}

/** The items, counted as they pass. */
export function counting<T>(items: Iterable<T>): { items: Generator<T>; count: () => number } {
  let count = 0
  function* pass(): Generator<T> {
    for (const item of items) {
      count++
      yield item
    }
  }
  return { items: pass(), count: () => count }
}

// Reads an events list (GET /logs or /sites/:id/logs, newest first) from its first page until a
// page holds an event the store already has: everything older is stored already, so one or two
// requests usually bring a sync up to date. New events at the front shift the server's pages
// while they are read; an event seen twice is kept once.
import type { Page, SiteEvent } from '../../shared'
import { throwIfAborted } from '../api/timing'

export interface NewEventsRead {
  /** Events not stored yet, newest first, each once. */
  events: SiteEvent[]
  /** A page held an event already stored. */
  reachedKnown: boolean
  /** The first page not read; null when the list ended (every older event was read). */
  nextPage: number | null
  /** meta.per_page of the list (15 in the spec), for the backfill's bookkeeping. */
  perPage: number
}

export interface NewEventsOptions {
  fetchPage: (page: number) => Promise<Page<SiteEvent>>
  /** Which of these ids count as stored (the store's knownEventIds, maybe narrowed). */
  known: (ids: number[]) => Set<number>
  /** Pages read at most; the rest is left to the backfill. */
  maxPages: number
  signal?: AbortSignal
}

export async function readNewEvents(options: NewEventsOptions): Promise<NewEventsRead> {
  const events = new Map<number, SiteEvent>()
  let perPage = 15
  for (let pageNumber = 1; pageNumber <= options.maxPages; pageNumber++) {
    throwIfAborted(options.signal)
    const page = await options.fetchPage(pageNumber)
    perPage = page.meta.per_page
    const known = options.known(page.data.map((event) => event.id))
    for (const event of page.data) if (!known.has(event.id) && !events.has(event.id)) events.set(event.id, event)
    const ended = page.meta.current_page >= page.meta.last_page || page.data.length === 0
    if (known.size > 0) return { events: [...events.values()], reachedKnown: true, nextPage: ended ? null : pageNumber + 1, perPage }
    if (ended) return { events: [...events.values()], reachedKnown: false, nextPage: null, perPage }
  }
  return { events: [...events.values()], reachedKnown: false, nextPage: options.maxPages + 1, perPage }
}

// Event feeds over core's local store: keyset slices of the stored events ('events:query'),
// filtered by site, type and date and searched by text in the store. Each feed on screen has
// a slot ('events' for the events view, 'site:<id>' for a site's page), opened by the view
// that shows it and closed when it goes. When a sync stores new events ('events:new',
// 'workspace:changed'), every open feed of the account reads its top again: the rows already
// loaded stay (so the scroll position holds), the new ones go on top, marked fresh, and the
// feed counts them for its "N new events" notice.
import { defineStore } from 'pinia'
import { markRaw, onScopeDispose, ref, watch } from 'vue'
import type { AppError, EventCursor, EventQuery, EventSlice, Result, SiteEvent } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { feedSlotActions } from './feed-slots'
import { useAccountsStore, type LoadStatus } from './accounts'

/** Events per slice. */
export const PAGE_SIZE = 50
/** The most a slice may hold (the channel's limit): the top is read again in one slice at most this long. */
export const MAX_SLICE = 500

/** What a feed shows: the filters of EventQuery without account, cursor and limit. */
export type FeedQuery = Omit<EventQuery, 'accountId' | 'after' | 'limit'>

export interface EventFeed {
  slot: string
  accountId: string
  query: FeedQuery
  /** Newest first; replaced whole on every change, and raw. */
  events: readonly SiteEvent[]
  next: EventCursor | null
  /** How many stored events match the query. */
  total: number
  status: LoadStatus
  /** The first slice failed: shown instead of the list. */
  error: AppError | null
  /** Reading the top again failed: the rows stay, with this above them. */
  refreshError: AppError | null
  loadingMore: boolean
  moreError: AppError | null
  /** New events on top the person has not acknowledged yet. */
  unseen: number
  freshIds: ReadonlySet<number>
}

const NONE: ReadonlySet<number> = new Set()

/** The same query? Compared by value, so a view can hand in a fresh object on every change. */
export function sameQuery(a: FeedQuery, b: FeedQuery): boolean {
  return (
    a.siteId === b.siteId &&
    (a.from ?? '') === (b.from ?? '') &&
    (a.to ?? '') === (b.to ?? '') &&
    (a.text ?? '').trim() === (b.text ?? '').trim() &&
    (a.types ?? []).join('\n') === (b.types ?? []).join('\n')
  )
}

/** The query as sent: empty filters left out, so core sees "every type", "no search". */
export function request(accountId: string, query: FeedQuery, extra: Pick<EventQuery, 'after' | 'limit'>): EventQuery {
  const out: EventQuery = { accountId, ...extra }
  if (query.siteId !== undefined) out.siteId = query.siteId
  if (query.types && query.types.length > 0) out.types = [...query.types]
  if (query.from) out.from = query.from
  if (query.to) out.to = query.to
  const text = query.text?.trim()
  if (text) out.text = text
  return out
}

function cursorOf(event: SiteEvent): EventCursor {
  return { createdAt: event.created_at, id: event.id }
}

function sameCursor(a: EventCursor | null, b: EventCursor | null): boolean {
  return a === b || (!!a && !!b && a.id === b.id && a.createdAt === b.createdAt)
}

/**
 * A fresh top slice laid over what is loaded: where the slice reaches an event already
 * listed, the listed ones after it stay. `added` are the slice's events newer than every
 * event listed before (new arrivals, not older ones filled in).
 */
export function mergeTop(loaded: readonly SiteEvent[], slice: EventSlice): { events: SiteEvent[]; next: EventCursor | null; added: number[] } {
  const position = new Map(loaded.map((event, index) => [event.id, index]))
  const added: number[] = []
  if (loaded.length > 0) {
    for (const event of slice.events) {
      if (position.has(event.id)) break
      added.push(event.id)
    }
  }
  const last = slice.events.at(-1)
  const overlap = last ? position.get(last.id) : undefined
  if (slice.next === null || overlap === undefined) return { events: [...slice.events], next: slice.next, added }
  const seen = new Set(slice.events.map((e) => e.id))
  const events = [...slice.events, ...loaded.slice(overlap + 1).filter((e) => !seen.has(e.id))]
  const end = events.at(-1)
  return { events, next: end && events.length < slice.total ? cursorOf(end) : null, added }
}

export const useEventsStore = defineStore('events', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const feeds = ref<Record<string, EventFeed>>({})

  function feedFor(slot: string): EventFeed | null {
    return feeds.value[slot] ?? null
  }

  /** The feed still shows this account and query (the answer for them may land). */
  function stillFor(slot: string, accountId: string, query: FeedQuery): EventFeed | null {
    const feed = feeds.value[slot]
    return feed && feed.accountId === accountId && feed.query === query ? feed : null
  }

  // Reading a feed's top: the first slice of a query, or the top again after new events.
  const tops = coalesce(async (slot) => {
    const feed = feeds.value[slot]
    if (!feed) return
    const { accountId, query } = feed
    const first = feed.status !== 'ready'
    const limit = first ? PAGE_SIZE : Math.min(MAX_SLICE, Math.max(PAGE_SIZE, feed.events.length))
    const result = await call(() => api.eventsQuery(request(accountId, query, { limit })))
    const now = stillFor(slot, accountId, query)
    // The query changed meanwhile: its own read follows (the coalescer runs once more).
    if (!now) return
    if (!result.ok) {
      if (first || now.events.length === 0) {
        // The rows of an earlier query would pass for answers to this one.
        now.events = markRaw([])
        now.status = 'error'
        now.error = result.error
      } else {
        now.refreshError = result.error
      }
      return
    }
    if (first) {
      now.events = markRaw([...result.value.events])
      now.next = result.value.next
      now.unseen = 0
      now.freshIds = NONE
    } else {
      const merged = mergeTop(now.events, result.value)
      now.events = markRaw(merged.events)
      now.next = merged.next
      if (merged.added.length > 0) {
        now.unseen += merged.added.length
        now.freshIds = new Set([...now.freshIds, ...merged.added])
      }
    }
    now.total = result.value.total
    now.status = 'ready'
    now.error = null
    now.refreshError = null
    now.moreError = null
  })

  /**
   * Shows a feed in a slot for the active account, or the one named (a site page of another
   * account in the All scope); a view calls it when it mounts and when its filters change.
   * The same query again changes nothing; a new one reads from the top, with the rows of the
   * old one left in view until the answer replaces them.
   */
  function show(slot: string, query: FeedQuery, accountId: string | null = accounts.activeAccountId): Promise<void> {
    if (!accountId) return Promise.resolve()
    const feed = feeds.value[slot]
    if (feed && feed.accountId === accountId && sameQuery(feed.query, query) && feed.status !== 'error') return Promise.resolve()
    feeds.value[slot] = {
      slot,
      accountId,
      query: { ...query },
      events: feed?.accountId === accountId ? feed.events : markRaw([]),
      next: null,
      total: feed?.accountId === accountId ? feed.total : 0,
      status: 'loading',
      error: null,
      refreshError: null,
      loadingMore: false,
      moreError: null,
      unseen: 0,
      freshIds: NONE,
    }
    return tops.request(slot)
  }

  const { retry, refresh, close } = feedSlotActions(feeds, tops)

  function hasMore(slot: string): boolean {
    const feed = feeds.value[slot]
    return !!feed && feed.status === 'ready' && feed.next !== null
  }

  /** The next slice after the last event loaded. */
  async function loadMore(slot: string): Promise<void> {
    const feed = feeds.value[slot]
    if (!feed || feed.loadingMore || !feed.next || feed.status !== 'ready') return
    const { accountId, query } = feed
    const after = feed.next
    feed.loadingMore = true
    feed.moreError = null
    const result: Result<EventSlice> = await call(() => api.eventsQuery(request(accountId, query, { after, limit: PAGE_SIZE })))
    const now = stillFor(slot, accountId, query)
    if (!now) return
    now.loadingMore = false
    // The list was read afresh meanwhile and ends elsewhere: this slice may not follow it.
    if (!sameCursor(now.next, after)) return
    if (!result.ok) {
      now.moreError = result.error
      return
    }
    const listed = new Set(now.events.map((e) => e.id))
    now.events = markRaw([...now.events, ...result.value.events.filter((e) => !listed.has(e.id))])
    now.next = result.value.next
    now.total = result.value.total
  }

  /** The person has seen the new events: the notice goes, the marks fade. */
  function markSeen(slot: string): void {
    const feed = feeds.value[slot]
    if (!feed) return
    feed.unseen = 0
    feed.freshIds = NONE
  }

  /** Every open feed of the account reads its top again (a sync stored events). */
  function refreshAccount(accountId: string): void {
    for (const feed of Object.values(feeds.value)) {
      if (feed.accountId === accountId && feed.status === 'ready') void tops.request(feed.slot)
    }
  }

  onScopeDispose(api.on('events:new', ({ accountId }) => refreshAccount(accountId)))
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      // A removed site takes its events with it: sites changing may change the feeds too.
      if (change.events || change.sites) refreshAccount(change.accountId)
    }),
  )

  // Feeds of an account the person has left are closed: a late answer has nowhere to land.
  watch(
    () => accounts.activeAccountId,
    (accountId) => {
      for (const feed of Object.values(feeds.value)) if (feed.accountId !== accountId) close(feed.slot)
    },
  )

  return { feeds, feedFor, show, retry, refresh, close, hasMore, loadMore, markSeen, refreshAccount }
})

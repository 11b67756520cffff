// Event feeds over core's local store: keyset slices of a scope's stored events ('events:query',
// one query whatever the number of accounts), filtered by site, type and date and searched by
// text in the store. Each feed on screen has a slot ('events' for the events view,
// 'site:<key>' for a site's page, the overview's latest), opened by the view that shows it
// with the scope it shows, and closed when it goes. When a sync stores new events
// ('events:new', 'workspace:changed') in an account of a feed's scope, the feed reads its top
// again: the rows already loaded stay (so the scroll position holds), the new ones go on top,
// marked fresh, and the feed counts them for its "N new events" notice.
import { defineStore } from 'pinia'
import { markRaw, onScopeDispose, ref, watch } from 'vue'
import type { AppError, EventCursor, EventKey, EventQuery, EventSlice, Result, ScopedEvent } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { feedSlotActions } from './feed-slots'
import { useAccountsStore, type LoadStatus } from './accounts'

/** Events per slice. */
export const PAGE_SIZE = 50
/** The most a slice may hold (the channel's limit): the top is read again in one slice at most this long. */
export const MAX_SLICE = 500

/** What a feed shows: the filters of EventQuery without scope, cursor and limit. */
export type FeedQuery = Omit<EventQuery, 'scope' | 'after' | 'limit'>

export interface EventFeed {
  slot: string
  /** The accounts whose events the feed lists. */
  scope: readonly string[]
  query: FeedQuery
  /** Newest first; replaced whole on every change, and raw. */
  events: readonly ScopedEvent[]
  next: EventCursor | null
  /** How many stored events of the scope match the query. */
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
  freshKeys: ReadonlySet<EventKey>
}

const NONE: ReadonlySet<EventKey> = new Set()

/** The same query? Compared by value, so a view can hand in a fresh object on every change. */
export function sameQuery(a: FeedQuery, b: FeedQuery): boolean {
  return (
    a.site === b.site &&
    (a.from ?? '') === (b.from ?? '') &&
    (a.to ?? '') === (b.to ?? '') &&
    (a.text ?? '').trim() === (b.text ?? '').trim() &&
    (a.types ?? []).join('\n') === (b.types ?? []).join('\n')
  )
}

export function sameScope(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i])
}

/** The query as sent: empty filters left out, so core sees "every type", "no search". */
export function request(scope: readonly string[], query: FeedQuery, extra: Pick<EventQuery, 'after' | 'limit'>): EventQuery {
  const out: EventQuery = { scope: [...scope], ...extra }
  if (query.site !== undefined) out.site = query.site
  if (query.types && query.types.length > 0) out.types = [...query.types]
  if (query.from) out.from = query.from
  if (query.to) out.to = query.to
  const text = query.text?.trim()
  if (text) out.text = text
  return out
}

function cursorOf(event: ScopedEvent): EventCursor {
  return { createdAt: event.created_at, accountId: event.accountId, id: event.id }
}

function sameCursor(a: EventCursor | null, b: EventCursor | null): boolean {
  return a === b || (!!a && !!b && a.id === b.id && a.accountId === b.accountId && a.createdAt === b.createdAt)
}

/**
 * A fresh top slice laid over what is loaded: where the slice reaches an event already
 * listed, the listed ones after it stay. `added` are the slice's events newer than every
 * event listed before (new arrivals, not older ones filled in).
 */
export function mergeTop(loaded: readonly ScopedEvent[], slice: EventSlice): { events: ScopedEvent[]; next: EventCursor | null; added: EventKey[] } {
  const position = new Map(loaded.map((event, index) => [event.key, index]))
  const added: EventKey[] = []
  if (loaded.length > 0) {
    for (const event of slice.events) {
      if (position.has(event.key)) break
      added.push(event.key)
    }
  }
  const last = slice.events.at(-1)
  const overlap = last ? position.get(last.key) : undefined
  if (slice.next === null || overlap === undefined) return { events: [...slice.events], next: slice.next, added }
  const seen = new Set(slice.events.map((e) => e.key))
  const events = [...slice.events, ...loaded.slice(overlap + 1).filter((e) => !seen.has(e.key))]
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

  /** The feed still shows this scope and query (the answer for them may land). */
  function stillFor(slot: string, scope: readonly string[], query: FeedQuery): EventFeed | null {
    const feed = feeds.value[slot]
    return feed && feed.scope === scope && feed.query === query ? feed : null
  }

  // Reading a feed's top: the first slice of a query, or the top again after new events.
  const tops = coalesce(async (slot) => {
    const feed = feeds.value[slot]
    if (!feed) return
    const { scope, query } = feed
    const first = feed.status !== 'ready'
    const limit = first ? PAGE_SIZE : Math.min(MAX_SLICE, Math.max(PAGE_SIZE, feed.events.length))
    const result = await call(() => api.eventsQuery(request(scope, query, { limit })))
    const now = stillFor(slot, scope, query)
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
      now.freshKeys = NONE
    } else {
      const merged = mergeTop(now.events, result.value)
      now.events = markRaw(merged.events)
      now.next = merged.next
      if (merged.added.length > 0) {
        now.unseen += merged.added.length
        now.freshKeys = new Set([...now.freshKeys, ...merged.added])
      }
    }
    now.total = result.value.total
    now.status = 'ready'
    now.error = null
    now.refreshError = null
    now.moreError = null
  })

  /**
   * Shows a feed in a slot for the scope the views show (the active account, or every account
   * in the All scope), or the one named (a site page: its account); a view calls it when it
   * mounts and when its filters or scope change. The same scope and query again change
   * nothing; a new query reads from the top, with the rows of the old one left in view (for
   * the same scope) until the answer replaces them.
   */
  function show(slot: string, query: FeedQuery, scope: readonly string[] = accounts.scopeAccounts.map((a) => a.id)): Promise<void> {
    if (scope.length === 0) return Promise.resolve()
    const feed = feeds.value[slot]
    const sameAccounts = !!feed && sameScope(feed.scope, scope)
    if (feed && sameAccounts && sameQuery(feed.query, query) && feed.status !== 'error') return Promise.resolve()
    feeds.value[slot] = {
      slot,
      scope: [...scope],
      query: { ...query },
      events: sameAccounts ? feed.events : markRaw([]),
      next: null,
      total: sameAccounts ? feed.total : 0,
      status: 'loading',
      error: null,
      refreshError: null,
      loadingMore: false,
      moreError: null,
      unseen: 0,
      freshKeys: NONE,
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
    const { scope, query } = feed
    const after = feed.next
    feed.loadingMore = true
    feed.moreError = null
    const result: Result<EventSlice> = await call(() => api.eventsQuery(request(scope, query, { after, limit: PAGE_SIZE })))
    const now = stillFor(slot, scope, query)
    if (!now) return
    now.loadingMore = false
    // The list was read afresh meanwhile and ends elsewhere: this slice may not follow it.
    if (!sameCursor(now.next, after)) return
    if (!result.ok) {
      now.moreError = result.error
      return
    }
    const listed = new Set(now.events.map((e) => e.key))
    now.events = markRaw([...now.events, ...result.value.events.filter((e) => !listed.has(e.key))])
    now.next = result.value.next
    now.total = result.value.total
  }

  /** The person has seen the new events: the notice goes, the marks fade. */
  function markSeen(slot: string): void {
    const feed = feeds.value[slot]
    if (!feed) return
    feed.unseen = 0
    feed.freshKeys = NONE
  }

  /** Every open feed whose scope holds the account reads its top again (a sync stored events). */
  function refreshAccount(accountId: string): void {
    for (const feed of Object.values(feeds.value)) {
      if (feed.scope.includes(accountId) && feed.status === 'ready') void tops.request(feed.slot)
    }
  }

  onScopeDispose(api.on('events:new', ({ accountId }) => refreshAccount(accountId)))
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      // A removed site takes its events with it: sites changing may change the feeds too.
      if (change.events || change.sites) refreshAccount(change.accountId)
    }),
  )

  // A removed account leaves every feed whose scope held it: a late answer has nowhere to land,
  // and the view shows its new scope's feed.
  watch(
    () => accounts.accounts.map((a) => a.id),
    (ids) => {
      for (const feed of Object.values(feeds.value)) if (feed.scope.some((id) => !ids.includes(id))) close(feed.slot)
    },
  )

  return { feeds, feedFor, show, retry, refresh, close, hasMore, loadMore, markSeen, refreshAccount }
})

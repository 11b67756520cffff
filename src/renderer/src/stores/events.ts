// Event feeds: the feed of all events and the feed of one site, for the active account.
// Each feed is kept under (account, site) so the events view and a site's detail page page
// independently. Pages are asked for by number from meta.current_page/last_page: the
// envelope's links are never followed here (spec 2.4 rule 4: the /logs links point at a
// site-scoped address). Live events pushed by core ('events:new') are merged in by id, which
// also absorbs the overlap when new events shift the server's pages while someone scrolls.

import { defineStore } from 'pinia'
import { computed, onScopeDispose, ref, watch } from 'vue'
import type { AppError, Page, Result, SiteEvent } from '../../../shared'
import { call } from '../lib/call'
import { useAccountsStore } from './accounts'

export type FeedStatus = 'idle' | 'loading' | 'ready' | 'error'

export interface EventFeedState {
  accountId: string
  /** null: the feed of all events. */
  siteId: number | null
  /** Newest first, unique by id. */
  events: SiteEvent[]
  /** The last page loaded; 0 before the first answer. */
  page: number
  lastPage: number
  total: number
  status: FeedStatus
  /** Error of the first page; the feed shows it instead of the list. */
  error: AppError | null
  loadingMore: boolean
  /** Error of a later page; the loaded events stay visible above it. */
  moreError: AppError | null
  /** Live events that arrived since the person last acknowledged them. */
  unseen: number
  /** Ids of those live events, so the view can mark them. */
  freshIds: number[]
  /** Live events that arrived while the first page was loading; merged once it lands. */
  pendingLive: SiteEvent[]
}

export function feedKey(accountId: string, siteId: number | null): string {
  return `${accountId}|${siteId ?? 'all'}`
}

function timeOf(event: SiteEvent): number {
  const t = Date.parse(event.created_at)
  return Number.isNaN(t) ? 0 : t
}

/** Newest first: by time, then by id (the spec's observed order is both descending). */
export function compareNewestFirst(a: SiteEvent, b: SiteEvent): number {
  return timeOf(b) - timeOf(a) || b.id - a.id
}

/** Merges events into a newest-first list without duplicates; returns the list and how many were new. */
export function mergeEvents(
  existing: readonly SiteEvent[],
  incoming: readonly SiteEvent[],
): { events: SiteEvent[]; added: SiteEvent[] } {
  const seen = new Set(existing.map((e) => e.id))
  const added: SiteEvent[] = []
  for (const event of incoming) {
    if (seen.has(event.id)) continue
    seen.add(event.id)
    added.push(event)
  }
  if (added.length === 0) return { events: [...existing], added }
  return { events: [...existing, ...added].sort(compareNewestFirst), added }
}

function emptyFeed(accountId: string, siteId: number | null): EventFeedState {
  return {
    accountId,
    siteId,
    events: [],
    page: 0,
    lastPage: 1,
    total: 0,
    status: 'idle',
    error: null,
    loadingMore: false,
    moreError: null,
    unseen: 0,
    freshIds: [],
    pendingLive: [],
  }
}

/** Merges live events into a feed, counting those it did not have as new and unseen. */
function applyLive(feed: EventFeedState, events: readonly SiteEvent[]): void {
  const { events: merged, added } = mergeEvents(feed.events, events)
  if (added.length === 0) return
  feed.events = merged
  feed.total += added.length
  feed.unseen += added.length
  feed.freshIds = [...feed.freshIds, ...added.map((e) => e.id)]
}

export const useEventsStore = defineStore('events', () => {
  const accounts = useAccountsStore()
  const feeds = ref<Record<string, EventFeedState>>({})
  // One ticket per feed load; an answer whose ticket is no longer current is dropped
  // (the feed was reloaded, or its account was left, while the request was in flight).
  const tickets = new Map<string, symbol>()

  const activeAccountId = computed(() => accounts.activeAccountId)

  function feedFor(siteId?: number | null): EventFeedState | null {
    const accountId = activeAccountId.value
    if (!accountId) return null
    return feeds.value[feedKey(accountId, siteId ?? null)] ?? null
  }

  function fetchPage(accountId: string, siteId: number | null, page: number): Promise<Result<Page<SiteEvent>>> {
    return call(() =>
      siteId === null
        ? window.api.eventsList({ accountId, page })
        : window.api.eventsListForSite({ accountId, siteId, page }),
    )
  }

  function applyMeta(feed: EventFeedState, page: Page<SiteEvent>): void {
    feed.page = page.meta.current_page
    feed.lastPage = Math.max(page.meta.last_page, 1)
    feed.total = page.meta.total
  }

  /** Loads the first page afresh; loaded events stay visible until the answer replaces them. */
  async function reload(siteId?: number | null): Promise<void> {
    const accountId = activeAccountId.value
    if (!accountId) return
    const site = siteId ?? null
    const key = feedKey(accountId, site)
    // Read back through the reactive map: the plain object assigned is not the proxy.
    if (!feeds.value[key]) feeds.value[key] = emptyFeed(accountId, site)
    const feed = feeds.value[key]!
    const ticket = Symbol(key)
    tickets.set(key, ticket)
    feed.status = 'loading'
    feed.error = null
    feed.moreError = null
    feed.loadingMore = false
    feed.pendingLive = []

    const result = await fetchPage(accountId, site, 1)
    const current = feeds.value[key]
    if (tickets.get(key) !== ticket || !current) return
    const arrivedMeanwhile = current.pendingLive
    current.pendingLive = []
    if (!result.ok) {
      // Retrying loads the first page again, which holds those events anyway.
      current.status = 'error'
      current.error = result.error
      if (result.error.code === 'unauthorized') accounts.markRefused(accountId)
      return
    }
    // Live events seen before the reload stay marked; merging drops repeats.
    const live = current.events.filter((e) => current.freshIds.includes(e.id))
    current.events = mergeEvents(result.value.data, live).events
    applyMeta(current, result.value)
    // Those that arrived during the request: the page may already hold them (the server
    // answered after recording them), otherwise they are new on top of it.
    applyLive(current, arrivedMeanwhile)
    current.status = 'ready'
  }

  /** Opens a feed: loads it the first time, or again after a failed first page. */
  async function open(siteId?: number | null): Promise<void> {
    const feed = feedFor(siteId)
    if (feed && (feed.status === 'ready' || feed.status === 'loading')) return
    await reload(siteId)
  }

  function hasMore(siteId?: number | null): boolean {
    const feed = feedFor(siteId)
    return !!feed && feed.status === 'ready' && feed.page < feed.lastPage
  }

  async function loadMore(siteId?: number | null): Promise<void> {
    const feed = feedFor(siteId)
    if (!feed || feed.loadingMore || !hasMore(siteId)) return
    const key = feedKey(feed.accountId, feed.siteId)
    const ticket = tickets.get(key)
    const next = feed.page + 1
    feed.loadingMore = true
    feed.moreError = null

    const result = await fetchPage(feed.accountId, feed.siteId, next)
    const current = feeds.value[key]
    if (tickets.get(key) !== ticket || !current) return
    current.loadingMore = false
    if (!result.ok) {
      current.moreError = result.error
      if (result.error.code === 'unauthorized') accounts.markRefused(current.accountId)
      return
    }
    current.events = mergeEvents(current.events, result.value.data).events
    applyMeta(current, result.value)
  }

  /** The person has seen the live events: the notice goes, the marks fade. */
  function markSeen(siteId?: number | null): void {
    const feed = feedFor(siteId)
    if (!feed) return
    feed.unseen = 0
    feed.freshIds = []
  }

  /**
   * Live events go into the account's feeds that show a list. A feed still loading keeps them
   * aside and merges them when its page lands (its answer may predate them); an idle or
   * failed feed has nothing to merge into and gets them with its next load.
   */
  function receiveLive(accountId: string, events: readonly SiteEvent[]): void {
    for (const feed of Object.values(feeds.value)) {
      if (feed.accountId !== accountId) continue
      const relevant = feed.siteId === null ? events : events.filter((e) => e.site_id === feed.siteId)
      if (relevant.length === 0) continue
      if (feed.status === 'loading') feed.pendingLive = [...feed.pendingLive, ...relevant]
      else if (feed.status === 'ready') applyLive(feed, relevant)
    }
  }

  // Feeds of an account the person has left are dropped, with their tickets, so a late
  // answer has nowhere to land and coming back loads fresh data.
  watch(activeAccountId, (accountId) => {
    for (const [key, feed] of Object.entries(feeds.value)) {
      if (feed.accountId === accountId) continue
      tickets.delete(key)
      delete feeds.value[key]
    }
  })

  const unsubscribe = typeof window.api?.on === 'function'
    ? window.api.on('events:new', ({ accountId, events }) => receiveLive(accountId, events))
    : () => {}
  onScopeDispose(unsubscribe)

  return { feeds, feedFor, open, reload, loadMore, hasMore, markSeen, receiveLive }
})

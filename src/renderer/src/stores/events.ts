// Event feeds: the feed of all events and the feed of one site, for the active account.
// Each feed is kept under (account, site) so the events view and a site's detail page page
// independently. Pages are asked for by number from meta.current_page/last_page: the
// envelope's links are never followed here (spec 2.4 rule 4: the /logs links point at a
// site-scoped address). Live events pushed by core ('events:new') are merged in by id, which
// also absorbs the overlap when new events shift the server's pages while someone scrolls.
// Live events only go into feeds on screen (others are marked stale and load afresh when next
// opened), and a feed keeps at most what was paged in plus a margin, so a window left open
// for days does not grow without end.

import { defineStore } from 'pinia'
import { computed, markRaw, onScopeDispose, ref, watch } from 'vue'
import type { AppError, Page, Result, SiteEvent } from '../../../shared'
import { call } from '../lib/call'
import { useAccountsStore, type LoadStatus } from './accounts'
import { onTokenRestored } from './token-restored'

/** Live events a feed may hold beyond the pages the person loaded. */
export const LIVE_MARGIN = 200
/** Events per page when no answer has said yet (the server's default). */
const DEFAULT_PER_PAGE = 15

export interface EventFeedState {
  accountId: string
  /** null: the feed of all events. */
  siteId: number | null
  /** Newest first, unique by id; replaced whole (and raw) on every change. */
  events: SiteEvent[]
  /** The server page "Load more" continues after; 0 before the first answer. */
  page: number
  lastPage: number
  perPage: number
  /** How many pages the person has loaded: with LIVE_MARGIN, the most events kept. */
  pagesLoaded: number
  total: number
  /** Live events arrived while the feed was not on screen: it loads afresh when opened. */
  stale: boolean
  status: LoadStatus
  /** Error of the first page; the feed shows it instead of the list. */
  error: AppError | null
  loadingMore: boolean
  /** Error of a later page; the loaded events stay visible above it. */
  moreError: AppError | null
  /** Live events that arrived since the person last acknowledged them. */
  unseen: number
  /** Ids of those live events, so the view can mark them (only ids still in `events`). */
  freshIds: ReadonlySet<number>
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

/** The incoming events whose ids are neither listed yet nor repeated among themselves. */
function notYetListed(existing: readonly SiteEvent[], incoming: readonly SiteEvent[]): SiteEvent[] {
  const seen = new Set(existing.map((e) => e.id))
  const added: SiteEvent[] = []
  for (const event of incoming) {
    if (seen.has(event.id)) continue
    seen.add(event.id)
    added.push(event)
  }
  return added
}

/** Merges events into a newest-first list without duplicates; returns the list and how many were new. */
export function mergeEvents(
  existing: readonly SiteEvent[],
  incoming: readonly SiteEvent[],
): { events: SiteEvent[]; added: SiteEvent[] } {
  const added = notYetListed(existing, incoming)
  if (added.length === 0) return { events: [...existing], added }
  return { events: [...existing, ...added].sort(compareNewestFirst), added }
}

/**
 * Puts live events on top: they are newer than what is listed, so prepending keeps the order
 * without sorting the whole feed (the full merge is only the fallback for an odd older one).
 */
export function prependLive(
  existing: readonly SiteEvent[],
  incoming: readonly SiteEvent[],
): { events: SiteEvent[]; added: SiteEvent[] } {
  const added = notYetListed(existing, incoming)
  if (added.length === 0) return { events: [...existing], added }
  added.sort(compareNewestFirst)
  const newestListed = existing[0]
  if (newestListed && compareNewestFirst(added[added.length - 1]!, newestListed) > 0) {
    return { events: [...existing, ...added].sort(compareNewestFirst), added }
  }
  return { events: [...added, ...existing], added }
}

function emptyFeed(accountId: string, siteId: number | null): EventFeedState {
  return {
    accountId,
    siteId,
    events: [],
    page: 0,
    lastPage: 1,
    perPage: DEFAULT_PER_PAGE,
    pagesLoaded: 0,
    total: 0,
    stale: false,
    status: 'idle',
    error: null,
    loadingMore: false,
    moreError: null,
    unseen: 0,
    freshIds: new Set(),
    pendingLive: [],
  }
}

/** Merges live events into a feed, counting those it did not have as new and unseen. */
function applyLive(feed: EventFeedState, events: readonly SiteEvent[]): void {
  const { events: merged, added } = prependLive(feed.events, events)
  if (added.length === 0) return
  feed.total += added.length
  feed.lastPage = Math.max(feed.lastPage, Math.ceil(feed.total / feed.perPage))
  feed.unseen += added.length
  const fresh = new Set(feed.freshIds)
  for (const event of added) fresh.add(event.id)
  const cap = Math.max(feed.pagesLoaded, 1) * feed.perPage + LIVE_MARGIN
  if (merged.length > cap) {
    // The oldest go. The server's list holds the same events in the same order (live ones
    // are its newest), so the kept ones end at position `cap`: "Load more" continues with
    // the page holding that position, and the overlap is dropped by id as usual.
    const dropped = merged.splice(cap)
    for (const event of dropped) fresh.delete(event.id)
    feed.page = Math.floor(cap / feed.perPage)
  }
  feed.events = markRaw(merged)
  feed.freshIds = fresh
}

export const useEventsStore = defineStore('events', () => {
  const accounts = useAccountsStore()
  const feeds = ref<Record<string, EventFeedState>>({})
  // One ticket per feed load; an answer whose ticket is no longer current is dropped
  // (the feed was reloaded, or its account was left, while the request was in flight).
  const tickets = new Map<string, symbol>()
  // How many mounted views show each feed: only those get live events merged in.
  const viewers = new Map<string, number>()

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
    feed.perPage = page.meta.per_page > 0 ? page.meta.per_page : DEFAULT_PER_PAGE
    feed.total = page.meta.total
  }

  /**
   * A view shows this feed (of the active account) from now on: live events are merged into
   * it while it is shown. Returns the function to call when the view goes.
   */
  function attach(siteId?: number | null): () => void {
    const accountId = activeAccountId.value
    if (!accountId) return () => {}
    const key = feedKey(accountId, siteId ?? null)
    viewers.set(key, (viewers.get(key) ?? 0) + 1)
    let attached = true
    return () => {
      if (!attached) return
      attached = false
      const left = (viewers.get(key) ?? 1) - 1
      if (left > 0) viewers.set(key, left)
      else viewers.delete(key)
    }
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
    feed.stale = false
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
    const fresh = current.freshIds
    const live = fresh.size > 0 ? current.events.filter((e) => fresh.has(e.id)) : []
    current.events = markRaw(mergeEvents(result.value.data, live).events)
    current.pagesLoaded = 1
    applyMeta(current, result.value)
    // Those that arrived during the request: the page may already hold them (the server
    // answered after recording them), otherwise they are new on top of it.
    applyLive(current, arrivedMeanwhile)
    current.status = 'ready'
  }

  /** Opens a feed: loads it the first time, again after a failed first page, or when stale. */
  async function open(siteId?: number | null): Promise<void> {
    const feed = feedFor(siteId)
    if (feed && !feed.stale && (feed.status === 'ready' || feed.status === 'loading')) return
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
    current.events = markRaw(mergeEvents(current.events, result.value.data).events)
    current.pagesLoaded += 1
    applyMeta(current, result.value)
  }

  /** The person has seen the live events: the notice goes, the marks fade. */
  function markSeen(siteId?: number | null): void {
    const feed = feedFor(siteId)
    if (!feed) return
    feed.unseen = 0
    feed.freshIds = new Set()
  }

  /**
   * Live events go into the account's feeds on screen that show a list. A feed still loading
   * keeps them aside and merges them when its page lands (its answer may predate them); an
   * idle or failed feed has nothing to merge into and gets them with its next load. A feed not
   * on screen is only marked stale: it loads afresh when it is next opened.
   */
  function receiveLive(accountId: string, events: readonly SiteEvent[]): void {
    for (const [key, feed] of Object.entries(feeds.value)) {
      if (feed.accountId !== accountId) continue
      const relevant = feed.siteId === null ? events : events.filter((e) => e.site_id === feed.siteId)
      if (relevant.length === 0) continue
      if (!viewers.has(key)) feed.stale = true
      else if (feed.status === 'loading') feed.pendingLive = [...feed.pendingLive, ...relevant]
      else if (feed.status === 'ready') applyLive(feed, relevant)
    }
  }

  // A new token (or an unlocked keychain): feeds on screen load again, the others when opened.
  onTokenRestored((accountId) => {
    for (const [key, feed] of Object.entries(feeds.value)) {
      if (feed.accountId !== accountId) continue
      if (viewers.has(key)) void reload(feed.siteId)
      else feed.stale = true
    }
  })

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

  return { feeds, feedFor, attach, open, reload, loadMore, hasMore, markSeen, receiveLive }
})

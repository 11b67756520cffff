// Event feeds of several accounts at once (the All accounts scope of the Events view and the
// Overview's latest events): each account is read from core's store with its own keyset
// cursor ('events:query', the same filters for every account) and the streams are merged
// newest first (lib/merge-event-streams.ts); the total is the sum. As with one account's
// feeds (stores/events.ts), a sync that stores events reads the tops again, the rows already
// loaded stay, and the new ones are marked. An account that cannot be read is named in the
// feed's `failed` while the others still show.
import { defineStore } from 'pinia'
import { markRaw, onScopeDispose, ref, watch } from 'vue'
import type { AppError, EventSlice, Result } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { coalesce } from '../lib/coalesce'
import { feedSlotActions } from './feed-slots'
import { eventKey, mergeEventStreams, streamsToRead, type AccountEvent, type EventStream } from '../lib/merge-event-streams'
import { useAccountsStore, type LoadStatus } from './accounts'
import { MAX_SLICE, PAGE_SIZE, mergeTop, request, sameQuery, type FeedQuery } from './events'

export interface MergedFeed {
  slot: string
  accountIds: readonly string[]
  query: FeedQuery
  streams: Record<string, EventStream>
  /** Newest first across the accounts, each with its account; raw. */
  events: readonly AccountEvent[]
  total: number
  hasMore: boolean
  status: LoadStatus
  /** Every account failed on the first read: shown instead of the list. */
  error: AppError | null
  /** Accounts whose events could not be read (the others show). */
  failed: Record<string, AppError>
  refreshError: AppError | null
  loadingMore: boolean
  moreError: AppError | null
  unseen: number
  freshKeys: ReadonlySet<string>
  /** Bumped by every new query: an answer for an older one is dropped. */
  generation: number
}

const NONE: ReadonlySet<string> = new Set()

function sameAccounts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i])
}

export const useAllEventsStore = defineStore('all-events', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const feeds = ref<Record<string, MergedFeed>>({})
  let generations = 0

  function feedFor(slot: string): MergedFeed | null {
    return feeds.value[slot] ?? null
  }

  function current(slot: string, generation: number): MergedFeed | null {
    const feed = feeds.value[slot]
    return feed && feed.generation === generation ? feed : null
  }

  function remerge(feed: MergedFeed): void {
    const streams = feed.accountIds.map((id) => feed.streams[id]).filter((s): s is EventStream => !!s)
    const merged = mergeEventStreams(streams)
    feed.events = markRaw(merged.events)
    feed.total = merged.total
    feed.hasMore = merged.hasMore
  }

  const tops = coalesce(async (slot) => {
    const feed = feeds.value[slot]
    if (!feed) return
    const { generation, query } = feed
    const first = feed.status !== 'ready'
    const answers = await Promise.all(
      feed.accountIds.map(async (accountId) => {
        const loaded = feed.streams[accountId]?.events.length ?? 0
        const limit = first ? PAGE_SIZE : Math.min(MAX_SLICE, Math.max(PAGE_SIZE, loaded))
        const result: Result<EventSlice> = await call(() => api.eventsQuery(request(accountId, query, { limit })))
        return { accountId, result }
      }),
    )
    const now = current(slot, generation)
    if (!now) return
    const failed: Record<string, AppError> = {}
    const added: string[] = []
    for (const { accountId, result } of answers) {
      const before = now.streams[accountId]
      if (!result.ok) {
        failed[accountId] = result.error
        // The rows of an account that failed the first time would pass for answers.
        if (first || !before) now.streams[accountId] = { accountId, events: [], next: null, total: 0 }
        continue
      }
      if (first || !before || before.events.length === 0) {
        now.streams[accountId] = markRaw({ accountId, events: result.value.events, next: result.value.next, total: result.value.total })
      } else {
        const merged = mergeTop(before.events, result.value)
        now.streams[accountId] = markRaw({ accountId, events: merged.events, next: merged.next, total: result.value.total })
        for (const id of merged.added) added.push(`${accountId}:${id}`)
      }
    }
    now.failed = failed
    remerge(now)
    const everyFailed = answers.length > 0 && answers.every((a) => !a.result.ok)
    if (everyFailed && (first || now.events.length === 0)) {
      now.status = 'error'
      now.error = answers[0]!.result.ok ? null : answers[0]!.result.error
      return
    }
    if (!first && added.length > 0) {
      const shown = new Set(now.events.map(eventKey))
      const fresh = added.filter((key) => shown.has(key))
      now.unseen += fresh.length
      now.freshKeys = new Set([...now.freshKeys, ...fresh])
    }
    if (first) {
      now.unseen = 0
      now.freshKeys = NONE
    }
    now.status = 'ready'
    now.error = null
    now.refreshError = everyFailed ? (answers[0]!.result.ok ? null : answers[0]!.result.error) : null
    now.moreError = null
  })

  /** Shows the merged feed of these accounts in a slot; the same accounts and query change nothing. */
  function show(slot: string, accountIds: readonly string[], query: FeedQuery): Promise<void> {
    const feed = feeds.value[slot]
    if (feed && sameAccounts(feed.accountIds, accountIds) && sameQuery(feed.query, query) && feed.status !== 'error') return Promise.resolve()
    const keep = feed && sameAccounts(feed.accountIds, accountIds)
    feeds.value[slot] = {
      slot,
      accountIds: [...accountIds],
      query: { ...query },
      streams: {},
      // The rows of the old query stay in view until the answer replaces them.
      events: keep ? feed.events : markRaw([]),
      total: keep ? feed.total : 0,
      hasMore: false,
      status: 'loading',
      error: null,
      failed: {},
      refreshError: null,
      loadingMore: false,
      moreError: null,
      unseen: 0,
      freshKeys: NONE,
      generation: ++generations,
    }
    return tops.request(slot)
  }

  const { retry, refresh, close } = feedSlotActions(feeds, tops)

  function hasMore(slot: string): boolean {
    const feed = feeds.value[slot]
    return !!feed && feed.status === 'ready' && feed.hasMore
  }

  /** The next slice of the accounts the merged list waits on. */
  async function loadMore(slot: string): Promise<void> {
    const feed = feeds.value[slot]
    if (!feed || feed.loadingMore || !feed.hasMore || feed.status !== 'ready') return
    const { generation, query } = feed
    const streams = feed.accountIds.map((id) => feed.streams[id]).filter((s): s is EventStream => !!s)
    const merged = mergeEventStreams(streams)
    const toRead = streamsToRead(streams, merged, PAGE_SIZE)
    if (toRead.length === 0) {
      // Everything is read; only the held-back rows were missing (they show now).
      remerge(feed)
      return
    }
    feed.loadingMore = true
    feed.moreError = null
    const answers = await Promise.all(
      toRead.map(async (accountId) => {
        const after = feed.streams[accountId]!.next!
        const result = await call(() => api.eventsQuery(request(accountId, query, { after, limit: PAGE_SIZE })))
        return { accountId, after, result }
      }),
    )
    const now = current(slot, generation)
    if (!now) return
    now.loadingMore = false
    for (const { accountId, after, result } of answers) {
      const stream = now.streams[accountId]
      // Read afresh meanwhile and ending elsewhere: this slice may not follow it.
      if (!stream || stream.next?.id !== after.id || stream.next.createdAt !== after.createdAt) continue
      if (!result.ok) {
        now.moreError = result.error
        continue
      }
      const listed = new Set(stream.events.map((e) => e.id))
      now.streams[accountId] = markRaw({
        accountId,
        events: [...stream.events, ...result.value.events.filter((e) => !listed.has(e.id))],
        next: result.value.next,
        total: result.value.total,
      })
    }
    remerge(now)
  }

  function markSeen(slot: string): void {
    const feed = feeds.value[slot]
    if (!feed) return
    feed.unseen = 0
    feed.freshKeys = NONE
  }

  function refreshAccount(accountId: string): void {
    for (const feed of Object.values(feeds.value)) {
      if (feed.accountIds.includes(accountId) && feed.status === 'ready') void tops.request(feed.slot)
    }
  }

  onScopeDispose(api.on('events:new', ({ accountId }) => refreshAccount(accountId)))
  onScopeDispose(
    api.on('workspace:changed', (change) => {
      if (change.events || change.sites) refreshAccount(change.accountId)
    }),
  )

  // A removed account leaves every feed it was part of: the view shows the others again.
  watch(
    () => accounts.accounts.map((a) => a.id),
    (ids) => {
      for (const feed of Object.values(feeds.value)) if (feed.accountIds.some((id) => !ids.includes(id))) close(feed.slot)
    },
  )

  return { feeds, feedFor, show, retry, refresh, close, hasMore, loadMore, markSeen, refreshAccount }
})

import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { LIVE_MARGIN, mergeEvents, useEventsStore } from '../../../../src/renderer/src/stores/events'
import type { Account, Page, Result, SiteEvent } from '../../../../src/shared'
import { deferred, fail, installFakeApi, makeEvent, ok, pageOf, settle } from '../support/fake-api'

const account = (id: string): Account => ({
  id,
  label: `Account ${id}`,
  baseUrl: `http://127.0.0.1:9/${id}/v1`,
  kind: 'remote',
  tokenState: 'ok',
  createdAt: '2025-01-01T00:00:00.000Z',
})

// 40 events, newest first: ids 40..1, three pages of 15/15/10.
const ALL = Array.from({ length: 40 }, (_, i) => makeEvent(40 - i, { site_id: (i % 3) + 1 }))

function withAccounts(...ids: string[]) {
  const accounts = useAccountsStore()
  accounts.accounts = ids.map(account)
  accounts.activeAccountId = ids[0] ?? null
  return accounts
}

describe('events store', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('loads the first page of all events newest first, then further pages by number', async () => {
    const fake = installFakeApi({
      // links.next deliberately points elsewhere (spec 2.4 rule 4): only meta decides paging.
      eventsList: async ({ page = 1 }) => {
        const p = pageOf(ALL, page)
        return ok({ ...p, links: { ...p.links, next: 'http://elsewhere.invalid/sites/9/logs?page=7' } })
      },
    })
    withAccounts('a')
    const store = useEventsStore()

    await store.open()
    const feed = store.feedFor()!
    expect(feed.status).toBe('ready')
    expect(feed.events.map((e) => e.id).slice(0, 3)).toEqual([40, 39, 38])
    expect(feed.events).toHaveLength(15)
    expect(feed.total).toBe(40)
    expect(store.hasMore()).toBe(true)

    await store.loadMore()
    await store.loadMore()
    expect(fake.api.eventsList).toHaveBeenNthCalledWith(2, { accountId: 'a', page: 2 })
    expect(fake.api.eventsList).toHaveBeenNthCalledWith(3, { accountId: 'a', page: 3 })
    expect(store.feedFor()!.events.map((e) => e.id)).toEqual(ALL.map((e) => e.id))
    expect(store.hasMore()).toBe(false)

    await store.loadMore()
    expect(fake.api.eventsList).toHaveBeenCalledTimes(3)
  })

  it('pages the feed of one site through eventsListForSite, apart from the feed of all events', async () => {
    const siteEvents = ALL.filter((e) => e.site_id === 2)
    const fake = installFakeApi({
      eventsList: async ({ page = 1 }) => ok(pageOf(ALL, page)),
      eventsListForSite: async ({ siteId, page = 1 }) => ok(pageOf(ALL.filter((e) => e.site_id === siteId), page)),
    })
    withAccounts('a')
    const store = useEventsStore()

    await store.open(2)
    await store.open()
    expect(fake.api.eventsListForSite).toHaveBeenCalledWith({ accountId: 'a', siteId: 2, page: 1 })
    expect(store.feedFor(2)!.events.map((e) => e.id)).toEqual(siteEvents.map((e) => e.id))
    expect(store.feedFor()!.events).toHaveLength(15)
    // Opening an open feed again asks nothing more.
    await store.open(2)
    expect(fake.api.eventsListForSite).toHaveBeenCalledTimes(1)
  })

  it('shows a failed first page as an error that a reload recovers from', async () => {
    let answer: Result<Page<SiteEvent>> = fail({ code: 'network', message: 'Cannot reach 127.0.0.1.' })
    installFakeApi({ eventsList: async () => answer })
    withAccounts('a')
    const store = useEventsStore()

    await store.open()
    expect(store.feedFor()!.status).toBe('error')
    expect(store.feedFor()!.error?.code).toBe('network')

    answer = ok(pageOf(ALL, 1))
    await store.open()
    expect(store.feedFor()!.status).toBe('ready')
    expect(store.feedFor()!.error).toBeNull()
  })

  it('keeps loaded events when a later page fails, and marks a refused token on the account', async () => {
    installFakeApi({
      eventsList: async ({ page = 1 }) =>
        page === 1 ? ok(pageOf(ALL, 1)) : fail({ code: 'unauthorized', message: 'The token was refused.', status: 401 }),
    })
    const accounts = withAccounts('a')
    const store = useEventsStore()

    await store.open()
    await store.loadMore()
    const feed = store.feedFor()!
    expect(feed.events).toHaveLength(15)
    expect(feed.moreError?.code).toBe('unauthorized')
    expect(feed.loadingMore).toBe(false)
    expect(accounts.activeAccount?.tokenState).toBe('refused')
  })

  it('drops an answer that arrives after the person switched to another account', async () => {
    const slow = deferred<Result<Page<SiteEvent>>>()
    installFakeApi({
      eventsList: ({ accountId }) => (accountId === 'a' ? slow.promise : Promise.resolve(ok(pageOf([makeEvent(99)], 1)))),
    })
    const accounts = withAccounts('a', 'b')
    const store = useEventsStore()

    const pending = store.open()
    accounts.setActive('b')
    await Promise.resolve()
    await store.open()
    slow.resolve(ok(pageOf(ALL, 1)))
    await pending

    expect(store.feedFor()!.events.map((e) => e.id)).toEqual([99])
    expect(Object.values(store.feeds).every((f) => f.accountId === 'b')).toBe(true)
  })

  it('merges live events of the active account into matching feeds, once, and counts them as new', async () => {
    const fake = installFakeApi({
      eventsList: async ({ page = 1 }) => ok(pageOf(ALL, page)),
      eventsListForSite: async ({ siteId, page = 1 }) => ok(pageOf(ALL.filter((e) => e.site_id === siteId), page)),
    })
    withAccounts('a', 'b')
    const store = useEventsStore()
    // Both feeds are on screen (the events view and a site's page, say).
    store.attach()
    store.attach(1)
    await store.open()
    await store.open(1)

    const fresh = [makeEvent(41, { site_id: 1 }), makeEvent(42, { site_id: 2 })]
    fake.emit('events:new', { accountId: 'a', events: fresh })
    fake.emit('events:new', { accountId: 'a', events: fresh }) // a repeat must not double
    fake.emit('events:new', { accountId: 'b', events: [makeEvent(500)] }) // another account's

    const all = store.feedFor()!
    expect(all.events.slice(0, 3).map((e) => e.id)).toEqual([42, 41, 40])
    expect(all.unseen).toBe(2)
    expect(all.total).toBe(42)
    expect(all.events.some((e) => e.id === 500)).toBe(false)
    const site1 = store.feedFor(1)!
    expect(site1.events[0]!.id).toBe(41)
    expect(site1.unseen).toBe(1)

    store.markSeen()
    expect(store.feedFor()!.unseen).toBe(0)
    expect([...store.feedFor()!.freshIds]).toEqual([])
  })

  it('keeps live events that arrive while a feed is loading and merges them when the page lands', async () => {
    const firstLoad = deferred<Result<Page<SiteEvent>>>()
    const reloadAnswer = deferred<Result<Page<SiteEvent>>>()
    const answers = [firstLoad, reloadAnswer]
    const fake = installFakeApi({ eventsList: () => answers.shift()!.promise })
    withAccounts('a')
    const store = useEventsStore()

    store.attach()
    // First load: one event arrives before the answer, which does not hold it yet.
    const opening = store.open()
    fake.emit('events:new', { accountId: 'a', events: [makeEvent(41, { site_id: 1 })] })
    firstLoad.resolve(ok(pageOf(ALL, 1)))
    await opening
    let feed = store.feedFor()!
    expect(feed.events.map((e) => e.id).slice(0, 2)).toEqual([41, 40])
    expect(feed.unseen).toBe(1)
    expect([...feed.freshIds]).toEqual([41])
    expect(feed.total).toBe(41)

    // A reload: one arrives that the answer already holds (counted once, not as new) and one it does not.
    const reloading = store.reload()
    fake.emit('events:new', { accountId: 'a', events: [makeEvent(42, { site_id: 2 }), makeEvent(43, { site_id: 3 })] })
    const server = [makeEvent(42, { site_id: 2 }), makeEvent(41, { site_id: 1 }), ...ALL]
    reloadAnswer.resolve(ok(pageOf(server, 1)))
    await reloading
    feed = store.feedFor()!
    expect(feed.events.map((e) => e.id).slice(0, 4)).toEqual([43, 42, 41, 40])
    expect(new Set(feed.events.map((e) => e.id)).size).toBe(feed.events.length)
    expect(feed.total).toBe(43)
    expect([...feed.freshIds]).toEqual([41, 43])
    expect(feed.unseen).toBe(2)
    expect(feed.pendingLive).toEqual([])
  })

  it('merges pages that overlap after new events shifted the server list', () => {
    const { events, added } = mergeEvents([makeEvent(5), makeEvent(4)], [makeEvent(4), makeEvent(3), makeEvent(6)])
    expect(events.map((e) => e.id)).toEqual([6, 5, 4, 3])
    expect(added.map((e) => e.id)).toEqual([3, 6])
  })

  it('only marks a feed that is not on screen as stale, and loads it afresh when it is opened again', async () => {
    const fake = installFakeApi({
      eventsList: async ({ page = 1 }) => ok(pageOf(ALL, page)),
      eventsListForSite: async ({ siteId, page = 1 }) => ok(pageOf(ALL.filter((e) => e.site_id === siteId), page)),
    })
    withAccounts('a')
    const store = useEventsStore()
    const detach = store.attach(1)
    await store.open(1)
    detach() // the site's page was left
    store.attach()
    await store.open()

    fake.emit('events:new', { accountId: 'a', events: [makeEvent(41, { site_id: 1 })] })
    expect(store.feedFor()!.events[0]!.id).toBe(41)
    const hidden = store.feedFor(1)!
    expect(hidden.events[0]!.id).toBe(40)
    expect(hidden.unseen).toBe(0)
    expect(hidden.stale).toBe(true)

    fake.api.eventsListForSite.mockResolvedValue(ok(pageOf([makeEvent(41, { site_id: 1 }), ...ALL.filter((e) => e.site_id === 1)], 1)))
    store.attach(1)
    await store.open(1)
    expect(fake.api.eventsListForSite).toHaveBeenCalledTimes(2)
    expect(store.feedFor(1)!.events[0]!.id).toBe(41)
    expect(store.feedFor(1)!.stale).toBe(false)
  })

  it('keeps at most the loaded pages plus a margin of live events, and "Load more" still continues without a gap', async () => {
    // The server's list grows at the top as live events come in.
    let server = [...ALL]
    const fake = installFakeApi({ eventsList: async ({ page = 1 }) => ok(pageOf(server, page)) })
    withAccounts('a')
    const store = useEventsStore()
    store.attach()
    await store.open()
    const live = Array.from({ length: LIVE_MARGIN + 30 }, (_, i) => makeEvent(41 + i, { site_id: 1 }))
    for (const event of live) {
      server = [event, ...server]
      fake.emit('events:new', { accountId: 'a', events: [event] })
    }
    const feed = store.feedFor()!
    const cap = 15 + LIVE_MARGIN
    expect(feed.events).toHaveLength(cap)
    expect(feed.events[0]!.id).toBe(live.at(-1)!.id)
    expect(feed.freshIds.size).toBeLessThanOrEqual(cap)
    expect(feed.total).toBe(server.length)
    expect(store.hasMore()).toBe(true)

    await store.loadMore()
    const ids = store.feedFor()!.events.map((e) => e.id)
    // Newest first, no repeats, and no gap: exactly the server's list from the top.
    expect(ids).toEqual(server.slice(0, ids.length).map((e) => e.id))
    expect(ids.length).toBeGreaterThan(cap)
    expect(fake.api.eventsList).toHaveBeenLastCalledWith({ accountId: 'a', page: Math.floor(cap / 15) + 1 })
  })

  it('reloads the feeds on screen when a refused token is replaced', async () => {
    const fake = installFakeApi({
      eventsList: async () => fail({ code: 'unauthorized', message: 'The server refused the token.' }),
      accountsReplaceToken: async () => ok(account('a')),
    })
    const accounts = withAccounts('a')
    const store = useEventsStore()
    store.attach()
    await store.open()
    expect(accounts.activeAccount?.tokenState).toBe('refused')
    expect(store.feedFor()!.status).toBe('error')

    fake.api.eventsList.mockImplementation(async ({ page = 1 }) => ok(pageOf(ALL, page)))
    await accounts.replaceToken('a', 'new-token')
    await settle()
    expect(store.feedFor()!.status).toBe('ready')
    expect(store.feedFor()!.events).toHaveLength(15)
  })
})

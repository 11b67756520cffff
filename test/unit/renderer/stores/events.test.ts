// Event feeds over 'events:query': one query over the feed's scope (one account or several),
// filters and search sent to core's store, keyset paging with the cursor core gives, the
// latest query winning, and new events merged on top.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { keyOf, type EventSlice, type Result, type ScopedEvent, type SiteEvent } from '../../../../src/shared'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { PAGE_SIZE, mergeTop, useEventsStore } from '../../../../src/renderer/src/stores/events'
import { createFakeApi, deferred, makeAccount, makeEvent, makeSite, memoryCore } from '../support/fake-api'
import { storePinia } from '../support/mount'

// 120 events, newest (id 120) first; types cycle, sites alternate.
const TYPES = ['updated_extension', 'new_extension', 'update_extension_available']
const EVENTS: SiteEvent[] = Array.from({ length: 120 }, (_, i) =>
  makeEvent(i + 1, { site_id: (i % 2) + 1, type: TYPES[i % 3]!, message: i === 41 ? 'Akismet updated to 5.3' : `Message ${i + 1}` }),
)

function setup() {
  const core = memoryCore({ a: { sites: [makeSite(1, { name: 'Alpha' }), makeSite(2, { name: 'Bravo' })], events: [...EVENTS] }, b: {} })
  const fake = createFakeApi(core.methods)
  storePinia(fake)
  const accounts = useAccountsStore()
  accounts.applyState({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' })
  return { core, fake, accounts, events: useEventsStore() }
}

const ids = (list: readonly SiteEvent[] | undefined) => (list ?? []).map((e) => e.id)

describe('events store', () => {
  it('reads the first slice with the filters and search, leaving empty ones out', async () => {
    const { fake, events } = setup()
    await events.show('events', { types: [], text: '  ' })
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a'], limit: PAGE_SIZE })
    const feed = events.feedFor('events')!
    expect(feed.total).toBe(120)
    expect(ids(feed.events).slice(0, 3)).toEqual([120, 119, 118])
    expect(feed.events).toHaveLength(PAGE_SIZE)

    const from = '2025-01-01T00:10:00.000Z'
    await events.show('events', { site: 'a:2', types: ['new_extension'], from, text: 'message' })
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a'], site: 'a:2', types: ['new_extension'], from, text: 'message', limit: PAGE_SIZE })
    const filtered = events.feedFor('events')!
    expect(filtered.events.every((e) => e.site_id === 2 && e.type === 'new_extension')).toBe(true)
    expect(filtered.events.every((e) => Date.parse(e.created_at) >= Date.parse(from))).toBe(true)
    expect(filtered.total).toBe(EVENTS.filter((e) => e.site_id === 2 && e.type === 'new_extension' && e.id >= 10).length)

    await events.show('events', { text: 'akismet' })
    expect(ids(events.feedFor('events')!.events)).toEqual([42])
  })

  it('pages on with the cursor core gave until there is no next', async () => {
    const { fake, events } = setup()
    await events.show('events', {})
    const first = events.feedFor('events')!.next
    expect(first).toEqual({ createdAt: EVENTS[70]!.created_at, accountId: 'a', id: 71 })
    await events.loadMore('events')
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a'], after: first, limit: PAGE_SIZE })
    expect(ids(events.feedFor('events')!.events).slice(48, 52)).toEqual([72, 71, 70, 69])
    await events.loadMore('events')
    const feed = events.feedFor('events')!
    expect(feed.events).toHaveLength(120)
    expect(new Set(ids(feed.events)).size).toBe(120)
    expect(feed.next).toBeNull()
    expect(events.hasMore('events')).toBe(false)
  })

  it('takes only the answer to the latest query', async () => {
    const { core, fake, events } = setup()
    const slow = deferred<Result<EventSlice>>()
    fake.api.eventsQuery.mockImplementationOnce(() => slow.promise)
    void events.show('events', { text: 'message 1' })
    const latest = events.show('events', { text: 'akismet' })
    slow.resolve(await core.methods.eventsQuery!({ scope: ['a'], text: 'message 1' }))
    await latest
    await flushPromises()
    expect(ids(events.feedFor('events')!.events)).toEqual([42])
  })

  it('reads the top again when a sync stored events: new ones on top, fresh and counted, the rows below kept', async () => {
    const { core, fake, events } = setup()
    await events.show('events', {})
    await events.loadMore('events')
    expect(events.feedFor('events')!.events).toHaveLength(100)

    core.data.a!.events.push(makeEvent(121, { message: 'New one' }), makeEvent(122, { message: 'Newer one' }))
    fake.emit('events:new', { accountId: 'a', events: [makeEvent(122), makeEvent(121)] })
    // The same sync's 'workspace:changed' joins the read under way instead of starting another.
    fake.emit('workspace:changed', { accountId: 'a', sites: false, tags: false, events: true, changes: null })
    await flushPromises()

    const feed = events.feedFor('events')!
    expect(ids(feed.events).slice(0, 3)).toEqual([122, 121, 120])
    expect(feed.events).toHaveLength(102)
    expect(feed.unseen).toBe(2)
    expect([...feed.freshKeys].sort()).toEqual(['a:121', 'a:122'])
    expect(feed.total).toBe(122)
    // Paging goes on after the last row loaded.
    expect(feed.next).toEqual({ createdAt: EVENTS[20]!.created_at, accountId: 'a', id: 21 })

    events.markSeen('events')
    expect(events.feedFor('events')!.unseen).toBe(0)
    expect(events.feedFor('events')!.freshKeys.size).toBe(0)
  })

  it("leaves a feed alone when an account outside its scope syncs, and closes it when an account of its scope is removed", async () => {
    const { fake, accounts, events } = setup()
    await events.show('events', {})
    const calls = fake.api.eventsQuery.mock.calls.length
    fake.emit('events:new', { accountId: 'b', events: [makeEvent(500)] })
    await flushPromises()
    expect(fake.api.eventsQuery).toHaveBeenCalledTimes(calls)
    accounts.applyState({ accounts: [makeAccount('b')], lastActiveId: 'b' })
    await flushPromises()
    expect(events.feedFor('events')).toBeNull()
  })

  it('reads a scope of several accounts as one query, each event with its account', async () => {
    const { core, fake, accounts, events } = setup()
    core.data.b!.events.push(makeEvent(120, { message: 'Same id, same time, other account' }), makeEvent(200, { created_at: '2020-01-01T00:00:00Z' }))
    accounts.showAll()
    await events.show('events', {}, ['a', 'b'])
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a', 'b'], limit: PAGE_SIZE })
    const feed = events.feedFor('events')!
    expect(feed.total).toBe(122)
    // Equal times and ids: account b sorts after a, newest first.
    expect(feed.events.slice(0, 3).map((e) => e.key)).toEqual(['b:120', 'a:120', 'a:119'])

    // A sync of b reads the top again; its new event goes on top, fresh.
    core.data.b!.events.push(makeEvent(201, { message: 'New in b', created_at: '2030-01-01T00:00:00Z' }))
    fake.emit('events:new', { accountId: 'b', events: [makeEvent(201)] })
    await flushPromises()
    expect(events.feedFor('events')!.events[0]!.key).toBe('b:201')
    expect([...events.feedFor('events')!.freshKeys]).toEqual(['b:201'])

    // Another scope is another feed: the rows of the old scope do not stay in view.
    void events.show('events', {}, ['b'])
    expect(events.feedFor('events')!.events).toEqual([])
    await flushPromises()
    expect(events.feedFor('events')!.events.every((e) => e.accountId === 'b')).toBe(true)
  })

  it('shows the views\' scope by default: the active account, or every account in the All scope', async () => {
    const { fake, accounts, events } = setup()
    accounts.showAll()
    await events.show('events', {})
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a', 'b'], limit: PAGE_SIZE })
  })

  it('keeps the rows when reading the top again fails, and says so', async () => {
    const { fake, events } = setup()
    await events.show('events', {})
    fake.api.eventsQuery.mockResolvedValueOnce({ ok: false, error: { code: 'internal', message: 'The store is busy.' } })
    await events.refresh('events')
    const feed = events.feedFor('events')!
    expect(feed.events).toHaveLength(PAGE_SIZE)
    expect(feed.refreshError?.message).toBe('The store is busy.')
  })
})

describe('mergeTop', () => {
  const scoped = (id: number, accountId = 'a'): ScopedEvent => ({ ...makeEvent(id), accountId, key: keyOf(accountId, id), siteName: null })
  const cursor = (id: number, accountId = 'a') => ({ createdAt: makeEvent(id).created_at, accountId, id })
  const loaded = [scoped(10), scoped(9), scoped(8), scoped(7)]

  it('puts newer events on top and keeps the loaded tail after the overlap', () => {
    const slice: EventSlice = { events: [scoped(12), scoped(11), scoped(10), scoped(9)], next: cursor(9), total: 30 }
    const merged = mergeTop(loaded, slice)
    expect(ids(merged.events)).toEqual([12, 11, 10, 9, 8, 7])
    expect(merged.added).toEqual(['a:12', 'a:11'])
    expect(merged.next).toEqual(cursor(7))
  })

  it('counts nothing as new when only older events were filled in', () => {
    const slice: EventSlice = { events: [scoped(10), scoped(9), scoped(8), scoped(7), scoped(3)], next: null, total: 5 }
    const merged = mergeTop(loaded, slice)
    expect(merged.added).toEqual([])
    expect(ids(merged.events)).toEqual([10, 9, 8, 7, 3])
    expect(merged.next).toBeNull()
  })

  it('takes the slice alone when it does not reach what was loaded', () => {
    const slice: EventSlice = { events: [scoped(20), scoped(19)], next: cursor(19), total: 40 }
    const merged = mergeTop(loaded, slice)
    expect(ids(merged.events)).toEqual([20, 19])
    expect(merged.added).toEqual(['a:20', 'a:19'])
    expect(merged.next).toEqual(slice.next)
  })

  it('tells events of two accounts with the same id apart', () => {
    const slice: EventSlice = { events: [scoped(10, 'b'), scoped(10), scoped(9)], next: cursor(9), total: 6 }
    const merged = mergeTop(loaded, slice)
    expect(merged.events.map((e) => e.key)).toEqual(['b:10', 'a:10', 'a:9', 'a:8', 'a:7'])
    expect(merged.added).toEqual(['b:10'])
  })
})

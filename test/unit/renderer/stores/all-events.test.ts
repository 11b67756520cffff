// The merged event feed of the All accounts scope: each account read with its own cursor, the
// streams merged newest first, the totals added up, more read on demand until every event of
// every account is listed once, new events on top, and an account that fails named.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { SiteEvent } from '../../../../src/shared'
import { useAllEventsStore } from '../../../../src/renderer/src/stores/all-events'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { PAGE_SIZE } from '../../../../src/renderer/src/stores/events'
import { createFakeApi, fail, makeAccount, makeEvent, memoryCore, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

/** Events with the same ids in both accounts, interleaved in time at the top (a: even minutes, b: odd from 61). */
const minuteEvent = (id: number, minute: number): SiteEvent =>
  makeEvent(id, { created_at: new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString().replace('Z', '+00:00') })
const EVENTS_A = Array.from({ length: 70 }, (_, i) => minuteEvent(i + 1, 2 * i))
const EVENTS_B = Array.from({ length: 40 }, (_, i) => minuteEvent(i + 1, 2 * i + 61))

async function setup() {
  const core = memoryCore({ a: { events: [...EVENTS_A] }, b: { events: [...EVENTS_B] } })
  const fake = createFakeApi({
    ...core.methods,
    accountsList: async () => ok({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' }),
  })
  storePinia(fake)
  await useAccountsStore().load()
  return { core, fake, store: useAllEventsStore() }
}

const keys = (events: ReadonlyArray<{ accountId: string; id: number }>) => events.map((e) => `${e.accountId}:${e.id}`)

describe('the merged event feed', () => {
  it('reads each account with its own cursor, merges newest first, and adds up the totals', async () => {
    const { store, fake } = await setup()
    await store.show('events', ['a', 'b'], { types: ['updated_extension'] })
    const feed = store.feedFor('events')!
    expect(feed.status).toBe('ready')
    expect(feed.total).toBe(110)
    // Both accounts asked with the same filters.
    expect(fake.api.eventsQuery).toHaveBeenCalledWith({ accountId: 'a', types: ['updated_extension'], limit: PAGE_SIZE })
    expect(fake.api.eventsQuery).toHaveBeenCalledWith({ accountId: 'b', types: ['updated_extension'], limit: PAGE_SIZE })
    // Newest first, the accounts interleaved; a has more to read, so nothing older than its
    // last read event (id 21) is listed yet.
    expect(keys(feed.events.slice(0, 4))).toEqual(['b:40', 'a:70', 'b:39', 'a:69'])
    expect(feed.events).toHaveLength(90)
    expect(store.hasMore('events')).toBe(true)

    for (let guard = 0; store.hasMore('events') && guard < 10; guard++) await store.loadMore('events')
    const all = store.feedFor('events')!
    expect(all.events).toHaveLength(110)
    expect(new Set(keys(all.events)).size).toBe(110)
    const times = all.events.map((e) => Date.parse(e.created_at))
    expect(times).toEqual([...times].sort((x, y) => y - x))
    // The second slice of a used a's own cursor.
    expect(fake.api.eventsQuery).toHaveBeenCalledWith(expect.objectContaining({ accountId: 'a', after: expect.objectContaining({ id: 21 }) }))
  })

  it('puts an account’s new events on top, marked, keeping what was loaded', async () => {
    const { store, fake, core } = await setup()
    await store.show('events', ['a', 'b'], {})
    const fresh = minuteEvent(500, 1000)
    core.data.b!.events.push(fresh)
    fake.emit('events:new', { accountId: 'b', events: [fresh] })
    await flushPromises()
    const feed = store.feedFor('events')!
    expect(keys(feed.events.slice(0, 2))).toEqual(['b:500', 'b:40'])
    expect([...feed.freshKeys]).toEqual(['b:500'])
    expect(feed.unseen).toBe(1)
    expect(feed.total).toBe(111)
  })

  it('names an account that could not be read, and shows the others', async () => {
    const { store, fake, core } = await setup()
    fake.api.eventsQuery.mockImplementation(async (query) =>
      query.accountId === 'b' ? fail({ code: 'internal', message: 'The store is locked.' }) : core.methods.eventsQuery!(query),
    )
    await store.show('events', ['a', 'b'], {})
    const feed = store.feedFor('events')!
    expect(feed.status).toBe('ready')
    expect(Object.keys(feed.failed)).toEqual(['b'])
    expect(feed.events.every((e) => e.accountId === 'a')).toBe(true)
    expect(feed.total).toBe(70)
  })

  it('fails as a whole only when every account fails', async () => {
    const { store, fake } = await setup()
    fake.api.eventsQuery.mockResolvedValue(fail({ code: 'internal', message: 'Nothing can be read.' }))
    await store.show('events', ['a', 'b'], {})
    expect(store.feedFor('events')!.status).toBe('error')
    expect(store.feedFor('events')!.error?.message).toBe('Nothing can be read.')
  })
})

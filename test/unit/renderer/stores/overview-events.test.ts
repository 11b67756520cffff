// The Overview's events: one 'events:daily' and one 'events:query' over the scope while a view
// follows them, whatever the number of accounts (core sums the days and orders the newest), read
// again quietly when a sync of an account of the scope stored events, and an answer for a scope
// left behind dropped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { EventDayCount, Result } from '../../../../src/shared'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useOverviewEventsStore } from '../../../../src/renderer/src/stores/overview-events'
import { createFakeApi, deferred, makeAccount, makeEvent, memoryCore } from '../support/fake-api'
import { storePinia } from '../support/mount'

// Noon UTC: a few hours earlier is the same local day in any usual time zone.
const now = Date.parse('2025-03-10T12:00:00Z')
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
})
afterEach(() => {
  vi.useRealTimers()
})

const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000).toISOString()

function setup(before: (fake: ReturnType<typeof createFakeApi>) => void = () => {}) {
  const core = memoryCore({
    a: { events: [makeEvent(1, { message: 'Older in a', created_at: hoursAgo(3) }), makeEvent(2, { message: 'Newer in a', created_at: hoursAgo(1) })] },
    b: { events: [makeEvent(1, { message: 'Between in b', created_at: hoursAgo(2) })] },
  })
  const fake = createFakeApi(core.methods)
  before(fake)
  storePinia(fake)
  const accounts = useAccountsStore()
  accounts.applyState({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' })
  const store = useOverviewEventsStore()
  store.follow()
  return { core, fake, accounts, events: () => store }
}

const offset = -new Date(now).getTimezoneOffset()
const today = new Date(now + offset * 60_000).toISOString().slice(0, 10)

describe('overview events store', () => {
  it("asks once for the active account's days and newest events", async () => {
    const { fake, events } = setup()
    await flushPromises()
    expect(fake.api.eventsDaily).toHaveBeenCalledWith({ scope: ['a'], days: 30, utcOffsetMinutes: offset })
    expect(fake.api.eventsQuery).toHaveBeenCalledWith({ scope: ['a'], limit: 10 })
    expect(events().latest!.map((e) => e.key)).toEqual(['a:2', 'a:1'])
    expect(events().daily!.days).toEqual([{ day: today, type: 'updated_extension', count: 2 }])
  })

  it("shows the whole scope's answer in the All scope: one question each, not one per account", async () => {
    const { fake, accounts, events } = setup()
    await flushPromises()
    accounts.showAll()
    await flushPromises()
    expect(fake.api.eventsDaily).toHaveBeenLastCalledWith({ scope: ['a', 'b'], days: 30, utcOffsetMinutes: offset })
    expect(fake.api.eventsQuery).toHaveBeenLastCalledWith({ scope: ['a', 'b'], limit: 10 })
    expect(fake.api.eventsDaily).toHaveBeenCalledTimes(2)
    expect(events().latest!.map((e) => e.message)).toEqual(['Newer in a', 'Between in b', 'Older in a'])
    expect(events().daily!.days).toEqual([{ day: today, type: 'updated_extension', count: 3 }])
  })

  it('reads again quietly when a sync of an account of the scope stored events, not for another account', async () => {
    const { core, fake, events } = setup()
    await flushPromises()
    fake.emit('events:new', { accountId: 'b', events: [makeEvent(9)] })
    await flushPromises()
    expect(fake.api.eventsQuery).toHaveBeenCalledTimes(1)
    core.data.a!.events.push(makeEvent(3, { message: 'Newest in a', created_at: hoursAgo(0.5) }))
    fake.emit('events:new', { accountId: 'a', events: [makeEvent(3)] })
    await flushPromises()
    expect(events().latestStatus).toBe('ready')
    expect(events().latest![0]!.message).toBe('Newest in a')
  })

  it('drops an answer for a scope the person has left', async () => {
    const slow = deferred<Result<EventDayCount[]>>()
    const { accounts, events } = setup((fake) => fake.api.eventsDaily.mockImplementationOnce(() => slow.promise))
    await flushPromises()
    accounts.showAll()
    await flushPromises()
    slow.resolve({ ok: true, value: [{ day: today, type: 'stale', count: 99 }] })
    await flushPromises()
    expect(events().daily!.days).toEqual([{ day: today, type: 'updated_extension', count: 3 }])
  })

  it('keeps when the days were counted, and reads nothing once no view follows', async () => {
    const { fake, events } = setup()
    await flushPromises()
    expect(events().daily!.countedAt).toBe(now)
    events().unfollow()
    fake.emit('events:new', { accountId: 'a', events: [makeEvent(3)] })
    await flushPromises()
    expect(fake.api.eventsDaily).toHaveBeenCalledTimes(1)
    expect(fake.api.eventsQuery).toHaveBeenCalledTimes(1)
  })
})

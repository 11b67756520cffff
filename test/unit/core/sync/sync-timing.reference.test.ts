// What runs on its own: syncs at start and on the interval, the events sync after new events,
// and the backfill that waits while the person works. The engine's clock is moved by hand;
// the network is the real reference server.
import { afterEach, describe, expect, it } from 'vitest'
import { startReferenceServer, type RunningReferenceServer } from '../../../../src/reference-server'
import { SYNC_TUNING } from '../../../../src/core/sync/sync-tuning'
import { ACCOUNT, closeHarnesses, makeHarness, type HarnessOptions } from './support/engine-harness'
import { ManualClock } from './support/manual-clock'

const TOKEN = 'sync-timing-token-0123456789'
const servers: RunningReferenceServer[] = []

afterEach(async () => {
  await closeHarnesses()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function setUp(sites: number, extra: Partial<HarnessOptions> = {}) {
  const reference = await startReferenceServer({ seed: 'sync-timing', sites, accounts: 1, tokens: [TOKEN] })
  servers.push(reference)
  const clock = new ManualClock()
  const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN, clock, ...extra })
  return { reference, clock, h }
}

describe('automatic syncs', () => {
  it('syncs every account with a usable token at start, then on the interval', async () => {
    const { clock, h } = await setUp(10, {
      accounts: [
        { id: ACCOUNT, tokenState: 'ok' },
        { id: 'refused-account', tokenState: 'refused' },
      ],
    })
    h.engine.start()
    await expect.poll(() => h.engine.state(ACCOUNT).lastSyncedAt).not.toBeNull()
    expect(h.callsOf('readAllSites')).toHaveLength(1)

    clock.advance(4 * 60_000)
    clock.advance(60_000)
    await expect.poll(() => h.callsOf('readAllSites').length).toBe(2)
    // An interval tick while a sync reads joins it (it reads the same); this one must come after.
    await expect.poll(() => h.engine.state(ACCOUNT).status).toBe('idle')

    h.engine.setIntervalMinutes(1)
    clock.advance(60_000)
    await expect.poll(() => h.callsOf('readAllSites').length).toBe(3)
    await expect.poll(() => h.engine.state(ACCOUNT).status).toBe('idle')
    // An account whose token the server refused waits for the person.
    expect(h.engine.states().map((s) => s.accountId)).toEqual([ACCOUNT])
  })

  it("does not sync again at start an account already synced since core started (one added meanwhile)", async () => {
    const { clock, h } = await setUp(10)
    // The start-up sync waits for the window (core/startup-sync.ts); an account added meanwhile syncs at once.
    await h.engine.syncNow(ACCOUNT)
    expect(h.callsOf('readAllSites')).toHaveLength(1)
    clock.advance(1_000)
    h.engine.start()
    // A turn for the start-up sync's list of accounts and its requests, had it made any.
    for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(h.callsOf('readAllSites')).toHaveLength(1)
    // The interval still syncs it.
    clock.advance(5 * 60_000)
    await expect.poll(() => h.callsOf('readAllSites').length).toBe(2)
  })

  it('reports a failed interval sync as state, never as an unhandled rejection', async () => {
    const { reference, clock, h } = await setUp(10, { client: { maxRetries: 0 } })
    h.engine.start()
    await expect.poll(() => h.engine.state(ACCOUNT).lastSyncedAt).not.toBeNull()
    await reference.close()
    clock.advance(5 * 60_000)
    await expect.poll(() => h.engine.state(ACCOUNT).status).toBe('failed')
    expect(h.engine.state(ACCOUNT).error?.code).toBe('network')
    expect(h.store.sites(ACCOUNT)).toHaveLength(10)
  })
})

describe('syncEventsSoon', () => {
  it('gathers calls into one read of the newest events, stores and pushes them', async () => {
    const { reference, clock, h } = await setUp(20)
    await h.engine.syncNow(ACCOUNT)
    h.calls.length = 0
    const before = h.store.eventCount(ACCOUNT)
    const recorded = reference.runMonitoringPass()[0]?.events ?? []

    h.engine.syncEventsSoon(ACCOUNT)
    h.engine.syncEventsSoon(ACCOUNT)
    clock.advance(100)
    h.engine.syncEventsSoon(ACCOUNT)
    expect(h.calls).toEqual([])
    clock.advance(200)

    await expect.poll(() => h.store.eventCount(ACCOUNT)).toBe(before + recorded.length)
    expect(h.calls).toEqual(['listEvents 1'])
    expect(h.pushesOf('events:new').at(-1)?.events).toHaveLength(recorded.length)
    expect(h.pushesOf('workspace:changed').at(-1)).toEqual({ accountId: ACCOUNT, sites: false, tags: false, events: true, changes: null, revision: expect.any(Number) })
  })
})

describe('the backfill of older events', () => {
  it('waits while the person works, makes way for a sync, and goes on to the last page', async () => {
    const { clock, h } = await setUp(70)
    const total = (await h.client.listEvents(1)).meta.total
    const pages = Math.ceil(total / 15)
    expect(pages).toBeGreaterThan(11)

    h.engine.noteUserActivity()
    await h.engine.syncNow(ACCOUNT)
    expect(h.store.syncMeta(ACCOUNT).eventsBackfillPage).toBe(11)
    expect(h.engine.state(ACCOUNT).backfilling).toBe(true)
    // The person was active a moment ago: the backfill waits on the clock, reading nothing.
    await expect.poll(() => clock.pending).toBeGreaterThan(0)
    expect(h.callsOf('listEvents')).toHaveLength(10)

    // A sync comes first: the waiting backfill stops for it and waits again after it.
    await h.engine.syncNow(ACCOUNT)
    expect(h.callsOf('listEvents')).toHaveLength(11)
    await expect.poll(() => clock.pending).toBeGreaterThan(0)

    clock.advance(2_000)
    await expect.poll(() => h.engine.state(ACCOUNT).backfilling).toBe(false)
    expect(h.store.eventCount(ACCOUNT)).toBe(total)
    expect(h.store.syncMeta(ACCOUNT).eventsBackfillPage).toBeNull()
    expect(h.callsOf('listEvents').slice(11)).toEqual(Array.from({ length: pages - 10 }, (_, i) => `listEvents ${i + 11}`))
  })
})

describe('progress pushes', () => {
  it('go out at most once per interval however many pages are read', async () => {
    const { reference, clock, h } = await setUp(600)
    reference.setFaults({ latencyMs: 20 })
    const synced = h.engine.syncNow(ACCOUNT)
    // The clock does not move by itself: after the push that says the sync began, progress
    // is kept in the state but waits for the interval to be pushed.
    await expect.poll(() => h.engine.state(ACCOUNT).progress?.done ?? 0, { interval: 2 }).toBeGreaterThan(5)
    expect(h.pushesOf('sync:state')).toHaveLength(1)
    clock.advance(SYNC_TUNING.progressIntervalMs - 1)
    expect(h.pushesOf('sync:state')).toHaveLength(1)
    clock.advance(1)
    expect(h.pushesOf('sync:state')).toHaveLength(2)
    expect(h.pushesOf('sync:state')[1]?.progress?.done).toBeGreaterThan(5)
    await synced
    const pushes = h.pushesOf('sync:state')
    expect(pushes.at(-1)).toMatchObject({ status: 'idle', progress: null })
    expect(pushes.length).toBeLessThanOrEqual(4)
  })
})

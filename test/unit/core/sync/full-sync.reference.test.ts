// Full syncs of one account against the real reference server over loopback HTTP, into the
// real SQLite store: what a first sync stores and pushes, what later syncs read and record,
// and that a failed or cancelled sync leaves the snapshot as it was.
import { afterEach, describe, expect, it } from 'vitest'
import { startReferenceServer, type RunningReferenceServer } from '../../../../src/reference-server'
import type { SiteApi } from '../../../../src/core/api'
import { ACCOUNT, closeHarnesses, makeHarness } from './support/engine-harness'

const TOKEN = 'sync-engine-token-0123456789'
const servers: RunningReferenceServer[] = []

afterEach(async () => {
  await closeHarnesses()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function server(sites: number, extra: Parameters<typeof startReferenceServer>[0] = {}) {
  const started = await startReferenceServer({ seed: 'sync-engine', sites, accounts: 1, tokens: [TOKEN], ...extra })
  servers.push(started)
  return started
}

async function serverEventCount(api: SiteApi): Promise<number> {
  return (await api.listEvents(1)).meta.total
}

const ids = (list: { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b)

describe('a first sync', () => {
  it('fills the store with every site, tag and event, and records the changes as a first sync', async () => {
    const reference = await server(20)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })

    const state = await h.engine.syncNow(ACCOUNT)

    expect(state).toMatchObject({ accountId: ACCOUNT, status: 'idle', error: null, progress: null, notice: null, backfilling: false })
    expect(state.lastSyncedAt).not.toBeNull()
    expect(h.store.sites(ACCOUNT)).toEqual(await h.client.listAllSites())
    expect(h.store.tags(ACCOUNT)).toEqual(await h.client.listAllTags())
    const events = await serverEventCount(h.client)
    expect(events).toBeGreaterThan(15)
    expect(h.store.eventCount(ACCOUNT)).toBe(events)
    expect(h.store.syncMeta(ACCOUNT)).toMatchObject({ lastSyncedAt: state.lastSyncedAt, eventsBackfillPage: null })

    const [changes] = h.store.recentChanges(ACCOUNT, 5)
    expect(changes).toMatchObject({ accountId: ACCOUNT, first: true, sitesRemoved: [], updatesChanged: [], newEventCount: events })
    expect(changes?.sitesAdded).toEqual(ids(h.store.sites(ACCOUNT)))

    // Pushes: syncing with progress in pages (2 of sites, 1 of tags), then idle; the snapshot
    // changed; no 'events:new' for a first sync, whose events are not news.
    const states = h.pushesOf('sync:state')
    expect(states[0]).toMatchObject({ status: 'syncing', progress: { done: 0, total: null } })
    expect(states.at(-1)).toEqual(state)
    expect(states.filter((s) => s.status === 'syncing').every((s) => s.progress !== null)).toBe(true)
    expect(h.pushesOf('workspace:changed')).toEqual([{ accountId: ACCOUNT, sites: true, tags: true, events: true, changes, revision: h.store.revision(ACCOUNT) }])
    expect(h.pushesOf('events:new')).toEqual([])
  })

  it('reads a recent window of events and fills in the older ones in the background', async () => {
    const reference = await server(70)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
    const events = await serverEventCount(h.client)
    expect(events).toBeGreaterThan(15 * 12)

    const state = await h.engine.syncNow(ACCOUNT)
    expect(state.backfilling).toBe(true)
    expect(h.callsOf('listEvents').slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `listEvents ${i + 1}`))

    await expect.poll(() => h.engine.state(ACCOUNT).backfilling).toBe(false)
    expect(h.store.eventCount(ACCOUNT)).toBe(events)
    expect(h.store.syncMeta(ACCOUNT).eventsBackfillPage).toBeNull()
    const pages = Math.ceil(events / 15)
    expect(h.callsOf('listEvents')).toEqual(Array.from({ length: pages }, (_, i) => `listEvents ${i + 1}`))
    expect(h.pushesOf('sync:state').at(-1)).toMatchObject({ status: 'idle', backfilling: false })
    expect(h.pushesOf('workspace:changed').filter((c) => c.events && c.changes === null).length).toBeGreaterThan(0)
  })
})

describe('a later sync', () => {
  it('stores only the new events, reading GET /logs until a page holds one already stored', async () => {
    const reference = await server(20)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
    await h.engine.syncNow(ACCOUNT)
    const before = h.store.eventCount(ACCOUNT)
    const sitesBefore = h.store.sites(ACCOUNT)
    h.calls.length = 0

    const recorded = reference.runMonitoringPass()[0]?.events ?? []
    expect(recorded.length).toBeGreaterThan(0)
    expect(recorded.length).toBeLessThan(15)
    const state = await h.engine.syncNow(ACCOUNT)

    expect(state.status).toBe('idle')
    expect(h.callsOf('listEvents')).toEqual(['listEvents 1'])
    expect(h.store.eventCount(ACCOUNT)).toBe(before + recorded.length)
    const [changes] = h.store.recentChanges(ACCOUNT, 1)
    expect(changes).toMatchObject({ first: false, sitesAdded: [], sitesRemoved: [], newEventCount: recorded.length })
    expect([...(changes?.newEventIds ?? [])].sort((a, b) => a - b)).toEqual(ids(recorded))
    // The monitoring pass checked every site and changed some updates counts.
    expect(changes?.lastCheckChanged).toEqual(ids(sitesBefore))
    const after = new Map(h.store.sites(ACCOUNT).map((s) => [s.id, s.updates_count ?? null]))
    const expected = sitesBefore
      .filter((s) => (s.updates_count ?? null) !== after.get(s.id))
      .map((s) => ({ siteId: s.id, from: s.updates_count ?? null, to: after.get(s.id) ?? null }))
    expect(changes?.updatesChanged).toEqual(expected)

    const pushed = h.pushesOf('events:new')
    expect(pushed).toHaveLength(1)
    expect(pushed[0]?.events.map((e) => e.id)).toEqual([...ids(recorded)].reverse())
    expect(h.pushesOf('workspace:changed').at(-1)).toMatchObject({ sites: true, tags: false, events: true, changes })
  })

  it('reads as many pages as the new events fill, and stops at the first with a stored event', async () => {
    const reference = await server(20)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
    await h.engine.syncNow(ACCOUNT)
    h.calls.length = 0
    let recorded = 0
    while (recorded < 20) recorded += reference.runMonitoringPass()[0]?.events.length ?? 0

    await h.engine.syncNow(ACCOUNT)
    // The first stored event is at position recorded + 1 of the list.
    const pages = Math.floor(recorded / 15) + 1
    expect(h.callsOf('listEvents')).toEqual(Array.from({ length: pages }, (_, i) => `listEvents ${i + 1}`))
    expect(h.store.eventCount(ACCOUNT)).toBe(await serverEventCount(h.client))
  })

  it('records sites added and removed', async () => {
    const reference = await server(20)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
    await h.engine.syncNow(ACCOUNT)
    const [gone] = h.store.sites(ACCOUNT)
    if (!gone) throw new Error('no site')
    await h.client.deleteSite(gone.id)
    const added = await h.client.createSite({ name: 'Added meanwhile', url: 'https://added.example.com' })

    await h.engine.syncNow(ACCOUNT)

    expect(h.store.recentChanges(ACCOUNT, 1)[0]).toMatchObject({ sitesAdded: [added.id], sitesRemoved: [gone.id], newEventCount: 0 })
    expect(ids(h.store.sites(ACCOUNT))).toEqual(ids(await h.client.listAllSites()))
    expect(h.pushesOf('events:new')).toEqual([])
  })

  it('does not add a sync that changed nothing to the history of changes', async () => {
    const reference = await server(5)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
    await h.engine.syncNow(ACCOUNT)
    const second = await h.engine.syncNow(ACCOUNT)
    expect(second.status).toBe('idle')
    expect(h.store.recentChanges(ACCOUNT, 5)).toHaveLength(1)
    expect(h.pushesOf('workspace:changed').at(-1)).toMatchObject({ sites: false, tags: false, events: false })
  })
})

describe('a sync that does not complete', () => {
  it('keeps the snapshot and reports failed with the error when the server fails', async () => {
    const reference = await server(20)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN, client: { maxRetries: 0 } })
    const first = await h.engine.syncNow(ACCOUNT)
    const sites = h.store.sites(ACCOUNT)
    const events = h.store.eventCount(ACCOUNT)
    await h.client.createSite({ name: 'Not seen yet', url: 'https://unseen.example.com' })
    reference.runMonitoringPass()

    reference.setFaults({ htmlErrorPage: true })
    const failed = await h.engine.syncNow(ACCOUNT)

    expect(failed).toMatchObject({ status: 'failed', progress: null, error: { code: 'server', status: 500 }, lastSyncedAt: first.lastSyncedAt })
    expect(h.store.sites(ACCOUNT)).toEqual(sites)
    expect(h.store.eventCount(ACCOUNT)).toBe(events)
    expect(h.store.syncMeta(ACCOUNT).lastSyncedAt).toBe(first.lastSyncedAt)
    expect(h.pushesOf('sync:state').at(-1)).toEqual(failed)

    reference.setFaults({ htmlErrorPage: false })
    expect(await h.engine.syncNow(ACCOUNT)).toMatchObject({ status: 'idle', error: null })
    expect(h.store.sites(ACCOUNT)).toHaveLength(21)
  })

  it('reports a server that went away as a network failure, snapshot kept', async () => {
    const reference = await server(10)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN, client: { maxRetries: 0 } })
    await h.engine.syncNow(ACCOUNT)
    await reference.close()
    const failed = await h.engine.syncNow(ACCOUNT)
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'network' } })
    expect(h.store.sites(ACCOUNT)).toHaveLength(10)
  })

  it('whose last write fails leaves nothing half-written: one transaction holds the whole sync', async () => {
    const reference = await server(20)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
    const first = await h.engine.syncNow(ACCOUNT)
    const sites = h.store.sites(ACCOUNT)
    const tags = h.store.tags(ACCOUNT)
    const events = h.store.eventCount(ACCOUNT)
    const meta = h.store.syncMeta(ACCOUNT)
    const trend = h.store.historyTrend([ACCOUNT], '2000-01-01')
    await h.client.createSite({ name: 'Not seen yet', url: 'https://unseen.example.com' })
    await h.client.createTag('Not seen either')
    reference.runMonitoringPass()
    // The record of what the sync changed is its last row: the database refuses it, as a full
    // disk would, after the sites, tags, events and history were written in this sync.
    h.store.database.exec("CREATE TEMP TRIGGER refuse_changes BEFORE INSERT ON changes BEGIN SELECT RAISE(ABORT, 'disk full'); END")

    const failed = await h.engine.syncNow(ACCOUNT)

    expect(failed).toMatchObject({ status: 'failed', lastSyncedAt: first.lastSyncedAt })
    expect(h.store.sites(ACCOUNT)).toEqual(sites)
    expect(h.store.tags(ACCOUNT)).toEqual(tags)
    expect(h.store.eventCount(ACCOUNT)).toBe(events)
    expect(h.store.syncMeta(ACCOUNT)).toEqual({ ...meta, lastAttemptAt: failed.lastAttemptAt })
    expect(h.store.historyTrend([ACCOUNT], '2000-01-01')).toEqual(trend)
    expect(h.store.recentChanges(ACCOUNT, 5)).toHaveLength(1)
    expect(h.pushesOf('workspace:changed')).toHaveLength(1)

    h.store.database.exec('DROP TRIGGER refuse_changes')
    expect(await h.engine.syncNow(ACCOUNT)).toMatchObject({ status: 'idle', error: null })
    expect(h.store.sites(ACCOUNT)).toHaveLength(21)
    expect(h.store.recentChanges(ACCOUNT, 5)[0]).toMatchObject({ first: false, sitesAdded: [expect.any(Number)] })
  })

  it('cancelled midway, leaves the previous snapshot whole; the next sync completes', async () => {
    const reference = await server(45)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
    const first = await h.engine.syncNow(ACCOUNT)
    // Older events are filled in after a first sync; let that finish so the count holds still.
    await expect.poll(() => h.engine.state(ACCOUNT).backfilling).toBe(false)
    const sites = h.store.sites(ACCOUNT)
    const events = h.store.eventCount(ACCOUNT)
    for (let i = 0; i < 3; i++) await h.client.createSite({ name: `New ${i}`, url: `https://new${i}.example.com` })
    reference.runMonitoringPass()
    reference.setFaults({ latencyMs: 40 })

    const syncing = h.engine.syncNow(ACCOUNT)
    // Cancel once the first page has been read, with more to come.
    await expect.poll(() => h.engine.state(ACCOUNT).progress?.done ?? 0, { interval: 5 }).toBeGreaterThan(0)
    await h.engine.cancel(ACCOUNT)
    const cancelled = await syncing

    expect(cancelled).toMatchObject({ status: 'failed', error: { code: 'cancelled' }, lastSyncedAt: first.lastSyncedAt })
    expect(h.store.sites(ACCOUNT)).toEqual(sites)
    expect(h.store.eventCount(ACCOUNT)).toBe(events)
    expect(h.store.recentChanges(ACCOUNT, 5)).toHaveLength(1)

    reference.setFaults({ latencyMs: 0 })
    expect(await h.engine.syncNow(ACCOUNT)).toMatchObject({ status: 'idle', error: null })
    expect(h.store.sites(ACCOUNT)).toHaveLength(48)
  })
})

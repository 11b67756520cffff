// When syncs run and stop: single-flight, a token replaced or an account removed while a sync
// reads, and the store updates after a create or delete, also while a sync is reading.
import { afterEach, describe, expect, it } from 'vitest'
import { startReferenceServer, type RunningReferenceServer } from '../../../../src/reference-server'
import { ACCOUNT, closeHarnesses, makeHarness } from './support/engine-harness'

const TOKEN = 'sync-lifecycle-token-0123456789'
const servers: RunningReferenceServer[] = []

afterEach(async () => {
  await closeHarnesses()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function setUp(sites: number) {
  const reference = await startReferenceServer({ seed: 'sync-lifecycle', sites, events: sites * 2, accounts: 1, tokens: [TOKEN] })
  servers.push(reference)
  const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
  return { reference, h }
}

const ids = (list: { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b)

describe('single-flight', () => {
  it('joins the sync under way instead of starting another', async () => {
    const { h } = await setUp(20)
    const first = h.engine.syncNow(ACCOUNT)
    const second = h.engine.syncNow(ACCOUNT)
    h.engine.accountAdded(ACCOUNT)
    expect(second).toBe(first)
    expect(await second).toMatchObject({ status: 'idle' })
    expect(h.callsOf('readAllSites')).toHaveLength(1)
    expect(h.pushesOf('sync:state').filter((s) => s.status === 'idle')).toHaveLength(1)
  })
})

describe('stopping a sync', () => {
  it('cancels the sync under the old token when the token is replaced, then syncs with the new one', async () => {
    const { reference, h } = await setUp(45)
    reference.setFaults({ latencyMs: 40 })
    const syncing = h.engine.syncNow(ACCOUNT)
    await expect.poll(() => h.engine.state(ACCOUNT).progress?.done ?? 0, { interval: 5 }).toBeGreaterThan(0)

    // What accounts:replaceToken does: the old client goes (AccountClients.forget), then the engine hears.
    h.forgetClient()
    await h.engine.tokenReplaced(ACCOUNT)

    expect(await syncing).toMatchObject({ status: 'failed', error: { code: 'cancelled' } })
    expect(h.store.sites(ACCOUNT)).toEqual([])
    reference.setFaults({ latencyMs: 0 })
    await expect.poll(() => h.engine.state(ACCOUNT).status).toBe('idle')
    expect(h.engine.state(ACCOUNT).lastSyncedAt).not.toBeNull()
    expect(h.store.sites(ACCOUNT)).toHaveLength(45)
    expect(h.callsOf('readAllSites')).toHaveLength(2)
  })

  it('cancels the sync of a removed account, deletes its rows, and lets no late call write them back', async () => {
    const { reference, h } = await setUp(45)
    await h.engine.syncNow(ACCOUNT)
    expect(h.store.sites(ACCOUNT)).toHaveLength(45)
    reference.setFaults({ latencyMs: 40 })
    const syncing = h.engine.syncNow(ACCOUNT)
    await expect.poll(() => h.engine.state(ACCOUNT).progress?.done ?? 0, { interval: 5 }).toBeGreaterThan(0)

    await h.engine.accountRemoved(ACCOUNT)

    expect(await syncing).toMatchObject({ status: 'failed', error: { code: 'cancelled' } })
    expect(h.store.sites(ACCOUNT)).toEqual([])
    expect(h.store.eventCount(ACCOUNT)).toBe(0)
    expect(h.store.syncMeta(ACCOUNT)).toEqual({ lastSyncedAt: null, lastAttemptAt: null, eventsBackfillPage: null })
    const calls = h.calls.length
    h.engine.tagCreated(ACCOUNT, { id: 999, name: 'Late', created_at: '2026-01-01T10:00:00+00:00', updated_at: '2026-01-01T10:00:00+00:00' })
    h.engine.accountAdded(ACCOUNT)
    expect((await h.engine.syncNow(ACCOUNT)).lastSyncedAt).toBeNull()
    expect(h.store.tags(ACCOUNT)).toEqual([])
    expect(h.calls).toHaveLength(calls)
  })

  it('disposes: stops every sync and awaits it', async () => {
    const { reference, h } = await setUp(45)
    reference.setFaults({ latencyMs: 40 })
    const syncing = h.engine.syncNow(ACCOUNT)
    await expect.poll(() => h.engine.state(ACCOUNT).progress?.done ?? 0, { interval: 5 }).toBeGreaterThan(0)
    await h.engine.dispose()
    expect(await syncing).toMatchObject({ status: 'failed', error: { code: 'cancelled' } })
    expect(h.store.sites(ACCOUNT)).toEqual([])
  })
})

describe('changes made through the app', () => {
  it('stores a created site as read back, pushes, and syncs in the background', async () => {
    const { h } = await setUp(10)
    await h.engine.syncNow(ACCOUNT)
    const syncs = h.callsOf('readAllSites').length
    const created = await h.client.createSite({ name: 'Shop', url: 'https://shop.example.com' })
    expect(created.updates_count).toBeUndefined()

    const stored = await h.engine.siteCreated(ACCOUNT, created)

    expect(stored).toMatchObject({ id: created.id, name: 'Shop', updates_count: 0 })
    expect(h.store.site(ACCOUNT, created.id)).toEqual(stored)
    expect(h.pushesOf('workspace:changed')).toContainEqual({ accountId: ACCOUNT, sites: true, tags: false, events: false, changes: null, revision: expect.any(Number) })
    await expect.poll(() => h.callsOf('readAllSites').length).toBe(syncs + 1)
    await expect.poll(() => h.engine.state(ACCOUNT).status).toBe('idle')
    // The background sync found nothing the app had not already stored: no news to record.
    expect(h.store.sites(ACCOUNT)).toHaveLength(11)
    expect(h.store.recentChanges(ACCOUNT, 5)).toHaveLength(1)
  })

  it('removes a deleted tag from the store and from the sites that carried it', async () => {
    const { h } = await setUp(20)
    await h.engine.syncNow(ACCOUNT)
    const tagged = h.store.sites(ACCOUNT).find((site) => site.tags.length > 0)
    const tag = tagged?.tags[0]
    if (!tag) throw new Error('no tagged site')
    await h.client.deleteTag(tag.id)

    h.engine.tagDeleted(ACCOUNT, tag.id)

    expect(ids(h.store.tags(ACCOUNT))).not.toContain(tag.id)
    expect(h.store.sites(ACCOUNT).some((site) => site.tags.some((t) => t.id === tag.id))).toBe(false)
    expect(h.pushesOf('workspace:changed').at(-1)).toEqual({ accountId: ACCOUNT, sites: true, tags: true, events: false, changes: null, revision: expect.any(Number) })
    await expect.poll(() => h.callsOf('readAllSites').length).toBe(2)
  })

  it('keeps a change made while a sync reads: the sync does not undo it, and another sync follows', async () => {
    const { reference, h } = await setUp(45)
    await h.engine.syncNow(ACCOUNT)
    const [first] = h.store.sites(ACCOUNT)
    if (!first) throw new Error('no site')
    reference.setFaults({ latencyMs: 40 })
    const syncing = h.engine.syncNow(ACCOUNT)
    // Two pages read: page 1 of the sites, with the first site in it, is one of them.
    await expect.poll(() => h.engine.state(ACCOUNT).progress?.done ?? 0, { interval: 5 }).toBeGreaterThanOrEqual(2)

    await h.client.deleteSite(first.id)
    h.engine.siteDeleted(ACCOUNT, first.id)
    const tag = await h.client.createTag('Made during the sync')
    h.engine.tagCreated(ACCOUNT, tag)
    expect(h.store.site(ACCOUNT, first.id)).toBeUndefined()

    expect(await syncing).toMatchObject({ status: 'idle' })
    expect(h.store.site(ACCOUNT, first.id)).toBeUndefined()
    expect(ids(h.store.tags(ACCOUNT))).toContain(tag.id)
    // The app made these changes: the sync does not report them as found on the server.
    expect(h.store.recentChanges(ACCOUNT, 1)[0]?.sitesRemoved ?? []).not.toContain(first.id)

    reference.setFaults({ latencyMs: 0 })
    await expect.poll(() => h.callsOf('readAllSites').length).toBe(3)
    await expect.poll(() => h.engine.state(ACCOUNT).status).toBe('idle')
    expect(ids(h.store.sites(ACCOUNT))).toEqual(ids(await h.client.listAllSites()))
  })
})

describe('one site', () => {
  it('reads the site and its newest events into the store', async () => {
    const { reference, h } = await setUp(20)
    await h.engine.syncNow(ACCOUNT)
    const recorded = reference.runMonitoringPass()[0]?.events ?? []
    const siteId = recorded[0]?.site_id
    if (siteId === undefined) throw new Error('no event')
    const before = h.store.eventCount(ACCOUNT)

    const site = await h.engine.syncSite(ACCOUNT, siteId)

    expect(site).toEqual(await h.client.getSite(siteId))
    expect(h.store.site(ACCOUNT, siteId)).toEqual(site)
    const ofSite = recorded.filter((e) => e.site_id === siteId)
    expect(h.store.eventCount(ACCOUNT)).toBe(before + ofSite.length)
    expect(h.callsOf('listSiteEvents')).toEqual([`listSiteEvents ${siteId} 1`])
    expect(h.pushesOf('events:new').at(-1)?.events.map((e) => e.id)).toEqual(ids(ofSite).reverse())

    // The next sync of the whole account still stores the other sites' new events: the ones
    // stored for this site are newer than its last read, so they must not stop it early.
    await h.engine.syncNow(ACCOUNT)
    expect(h.store.eventCount(ACCOUNT)).toBe(before + recorded.length)
  })

  it('removes a site the server no longer has and answers not_found', async () => {
    const { h } = await setUp(20)
    await h.engine.syncNow(ACCOUNT)
    const [site] = h.store.sites(ACCOUNT)
    if (!site) throw new Error('no site')
    await h.client.deleteSite(site.id)

    await expect(h.engine.syncSite(ACCOUNT, site.id)).rejects.toMatchObject({ appError: { code: 'not_found' } })
    expect(h.store.site(ACCOUNT, site.id)).toBeUndefined()
    expect(h.pushesOf('workspace:changed').at(-1)).toMatchObject({ sites: true, changes: null })
  })
})

// History from real syncs: the reference server's monitoring upgrades a site's PHP between two
// syncs, and the store's history of that site (what history:site answers) says so, with the
// sync's time; pending updates that changed are there too, and the day's rollup matches.
import { afterEach, describe, expect, it } from 'vitest'
import { startReferenceServer, type RunningReferenceServer } from '../../../../src/reference-server'
import { phpMinor } from '../../../../src/core/store/site-history'
import { ACCOUNT, closeHarnesses, makeHarness } from './support/engine-harness'

const TOKEN = 'sync-history-token-0123456789'
const servers: RunningReferenceServer[] = []

afterEach(async () => {
  await closeHarnesses()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

describe('site history from syncs', () => {
  it('records a PHP upgrade the server saw between two syncs, and changed pending updates', async () => {
    const reference = await startReferenceServer({ seed: 'sync-history', sites: 30, accounts: 1, tokens: [TOKEN] })
    servers.push(reference)
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
    // The first check fills in servers still unknown; syncing after it makes every later
    // PHP change one from a known version to another.
    reference.runMonitoringPass()
    await h.engine.syncNow(ACCOUNT)
    const before = new Map(h.store.sites(ACCOUNT).map((site) => [site.id, site]))
    expect(h.store.siteHistory(ACCOUNT, [...before.keys()][0]!, 50).changes).toEqual([])

    // Monitoring passes until a host upgraded PHP (2% of sites per pass; bounded).
    let upgraded: { id: number; php: string | null }[] = []
    for (let pass = 0; pass < 60 && upgraded.length === 0; pass++) {
      reference.runMonitoringPass()
      const now = await h.client.listAllSites()
      upgraded = now.filter((site) => site.server.php !== before.get(site.id)?.server.php).map((s) => ({ id: s.id, php: s.server.php }))
    }
    expect(upgraded.length).toBeGreaterThan(0)

    const state = await h.engine.syncNow(ACCOUNT)
    expect(state.status).toBe('idle')

    for (const { id, php } of upgraded) {
      const history = h.store.siteHistory(ACCOUNT, id, 50)
      expect(history.changes).toContainEqual({ at: state.lastSyncedAt, field: 'php', from: before.get(id)?.server.php ?? null, to: php })
    }
    // Every site whose pending updates changed has that change, and no site more.
    const after = h.store.sites(ACCOUNT)
    const changedUpdates = after.filter((site) => (site.updates_count ?? null) !== (before.get(site.id)?.updates_count ?? null))
    for (const site of after) {
      const updates = h.store.siteHistory(ACCOUNT, site.id, 50).changes.filter((c) => c.field === 'updates')
      if (changedUpdates.includes(site)) expect(updates).toEqual([{ at: state.lastSyncedAt, field: 'updates', from: before.get(site.id)?.updates_count ?? null, to: site.updates_count ?? null }])
      else expect(updates).toEqual([])
    }

    // The day's rollup is the account as this last sync saw it.
    const today = h.store.historyTrend([ACCOUNT], '2000-01-01').at(-1)
    expect(today?.pending).toBe(after.reduce((sum, site) => sum + (site.updates_count ?? 0), 0))
    expect(today?.sites).toBe(after.length)
    const perMinor: Record<string, number> = {}
    for (const site of after) perMinor[phpMinor(site.server.php)] = (perMinor[phpMinor(site.server.php)] ?? 0) + 1
    expect(today?.php).toEqual(perMinor)
  })
})

// overview:stats and history:trend through core's handlers, after a real sync of two accounts
// from the reference server: the figures of one account and of both (sums, top pending sites in
// their own accounts), the trend summed over the scope, and scopes naming a removed account.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../../src/core'
import { keyOf } from '../../../../src/shared'
import { startReferenceServer } from '../../../../src/reference-server'
import { makeCore, storedAccount } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'

const TOKENS = ['overview-token-a-0123456789abcdef', 'overview-token-b-0123456789abcdef']
let server: Awaited<ReturnType<typeof startReferenceServer>>
const dirs = await withTempDirs()
const cores: Core[] = []

beforeAll(async () => {
  server = await startReferenceServer({ port: 0, seed: 'overview-channels', sites: 24, accounts: 2, tokens: TOKENS })
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()))
  await dirs.cleanup()
})

const MISSING = '5d7c8a1e-0000-4000-8000-000000000001'

async function syncedCore() {
  const harness = makeCore(await dirs.make(), { autoSync: false })
  cores.push(harness.core)
  const a = await harness.value('accounts:add', { label: 'Agency', baseUrl: server.baseUrl, token: TOKENS[0] })
  const b = await harness.value('accounts:add', { label: 'Bakery group', baseUrl: server.baseUrl, token: TOKENS[1] })
  await harness.value('sync:now', { accountId: a.id })
  await harness.value('sync:now', { accountId: b.id })
  return { ...harness, a, b }
}

describe('overview:stats', () => {
  it("answers each account's figures and their sums for both, the top pending sites keyed in their own account", async () => {
    const { value, a, b } = await syncedCore()
    const now = new Date().toISOString()
    const ofA = await value('overview:stats', { scope: [a.id], now })
    const ofB = await value('overview:stats', { scope: [b.id], now })
    const both = await value('overview:stats', { scope: [a.id, b.id], now })
    const sitesOfA = (await storedAccount(value, a.id)).sites
    expect(ofA.totals.sites).toBe(sitesOfA.length)
    expect(ofA.totals.pendingUpdates).toBe(sitesOfA.reduce((sum, s) => sum + (s.updates_count ?? 0), 0))
    for (const key of ['sites', 'withUpdates', 'pendingUpdates', 'neverChecked', 'stale'] as const) {
      expect(both.totals[key]).toBe(ofA.totals[key] + ofB.totals[key])
    }
    for (const facet of ['php', 'mysql', 'web'] as const) {
      expect(both.versions[facet].reduce((sum, g) => sum + g.count, 0)).toBe(both.totals.sites)
    }
    expect(both.pending.length).toBeGreaterThan(0)
    for (const bar of both.pending) {
      expect(bar.key).toBe(keyOf(bar.accountId, bar.siteId))
      expect([a.id, b.id]).toContain(bar.accountId)
    }
    const updates = both.pending.map((bar) => bar.updates)
    expect(updates).toEqual([...updates].sort((x, y) => y - x))
  })

  it('is not_found naming an account of the scope that does not exist', async () => {
    const { call, a } = await syncedCore()
    const result = await call('overview:stats', { scope: [a.id, MISSING] })
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } })
    if (!result.ok) expect(result.error.message).toContain(MISSING)
  })
})

describe('history:trend over a scope', () => {
  it("adds the accounts' days up in core", async () => {
    const { value, a, b } = await syncedCore()
    const [ofA] = await value('history:trend', { scope: [a.id], days: 90 })
    const [ofB] = await value('history:trend', { scope: [b.id], days: 90 })
    const [both] = await value('history:trend', { scope: [a.id, b.id], days: 90 })
    expect(ofA!.day).toBe(ofB!.day)
    expect(both).toMatchObject({ day: ofA!.day, pending: ofA!.pending + ofB!.pending, sites: ofA!.sites + ofB!.sites })
    const versions = new Set([...Object.keys(ofA!.php), ...Object.keys(ofB!.php)])
    for (const version of versions) expect(both!.php[version]).toBe((ofA!.php[version] ?? 0) + (ofB!.php[version] ?? 0))
  })

  it('is not_found naming a removed account', async () => {
    const { call, value, a, b } = await syncedCore()
    await value('accounts:remove', { accountId: b.id })
    const result = await call('history:trend', { scope: [a.id, b.id], days: 90 })
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } })
    if (!result.ok) expect(result.error.message).toContain(b.id)
  })
})

// sites:query and workspace:scope through core's handlers, after a real sync from the
// reference server: rows of one and of two accounts, one site by key, the stored sync state
// (also after a restart with the server gone), revisions that move with a write and ride on
// 'workspace:changed', and scopes naming accounts that do not exist.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../../src/core'
import { EMPTY_FILTER, keyOf, type SitesQuery } from '../../../../src/shared'
import { MemorySecretStore } from '../../../../src/core/secrets'
import { startReferenceServer } from '../../../../src/reference-server'
import { makeCore, storedAccount } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'

const TOKENS = ['scope-token-a-0123456789abcdef', 'scope-token-b-0123456789abcdef']
let server: Awaited<ReturnType<typeof startReferenceServer>>
const dirs = await withTempDirs()
const cores: Core[] = []

beforeAll(async () => {
  server = await startReferenceServer({ port: 0, seed: 'scope-channels', sites: 30, accounts: 2, tokens: TOKENS })
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()))
  await dirs.cleanup()
})

const MISSING = '5d7c8a1e-0000-4000-8000-000000000001'

function query(scope: string[], extra: Partial<SitesQuery> = {}): SitesQuery {
  return { scope, filter: EMPTY_FILTER, sort: [], offset: 0, limit: 100, ...extra }
}

/** A core with both of the server's accounts added and synced. */
async function syncedCore(dataDir?: string) {
  const folder = dataDir ?? (await dirs.make())
  const secretStore = new MemorySecretStore()
  const harness = makeCore(folder, { secretStore, autoSync: false })
  cores.push(harness.core)
  const a = await harness.value('accounts:add', { label: 'Agency', baseUrl: server.baseUrl, token: TOKENS[0] })
  const b = await harness.value('accounts:add', { label: 'Bakery group', baseUrl: server.baseUrl, token: TOKENS[1] })
  const states = [await harness.value('sync:now', { accountId: a.id }), await harness.value('sync:now', { accountId: b.id })]
  return { ...harness, a, b, states, folder, secretStore }
}

describe('workspace:scope', () => {
  it("answers each account's stored sync state, counts, tags with site counts and revision, in the scope's order", async () => {
    const { value, a, b, states } = await syncedCore()
    const summary = await value('workspace:scope', { scope: [b.id, a.id] })
    expect(summary.accounts.map((account) => account.accountId)).toEqual([b.id, a.id])
    const [ofB, ofA] = summary.accounts
    expect(ofA!.sync).toEqual(states[0])
    expect(ofA!.sync.lastSyncedAt).not.toBeNull()
    const snapshot = await storedAccount(value, a.id)
    expect(ofA).toMatchObject({ siteCount: 30, eventCount: snapshot.eventCount })
    expect(ofB!.siteCount).toBe(6)
    // Each tag with how many of the account's sites carry it, by name.
    for (const tag of ofA!.tags) expect(tag.siteCount).toBe(snapshot.sites.filter((site) => site.tags.some((t) => t.id === tag.id)).length)
    expect(ofA!.tags.map((tag) => tag.name)).toEqual([...ofA!.tags.map((tag) => tag.name)].sort((x, y) => x.localeCompare(y)))
    expect(ofA!.tags.length).toBe(snapshot.tags.length)
    expect(typeof ofA!.revision).toBe('number')
  })

  it('answers the stored sync state after a restart with the server out of reach: never "never synced"', async () => {
    const first = await syncedCore()
    await first.core.dispose()
    cores.splice(cores.indexOf(first.core), 1)
    const again = makeCore(first.folder, { secretStore: first.secretStore, autoSync: false })
    cores.push(again.core)
    const summary = await again.value('workspace:scope', { scope: [first.a.id] })
    expect(summary.accounts[0]!.sync).toMatchObject({ status: 'idle', lastSyncedAt: first.states[0]!.lastSyncedAt })
    expect(summary.accounts[0]!.siteCount).toBe(30)
  })

  it('is not_found naming every account that does not exist', async () => {
    const { call, a } = await syncedCore()
    const result = await call('workspace:scope', { scope: [a.id, MISSING] })
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } })
    if (!result.ok) expect(result.error.message).toContain(MISSING)
  })
})

describe('sites:query', () => {
  it("answers a range of a scope's rows, keyed by account, with totals and facets", async () => {
    const { value, a, b } = await syncedCore()
    const page = await value('sites:query', query([a.id, b.id], { limit: 10, facets: true }))
    expect(page).toMatchObject({ scopeTotal: 36, total: 36, offset: 0 })
    expect(page.rows).toHaveLength(10)
    for (const row of page.rows) expect(row.key).toBe(keyOf(row.accountId, row.site.id))
    expect(page.facets!.accounts.map((facet) => [facet.label, facet.count])).toEqual([
      ['Agency', 30],
      ['Bakery group', 6],
    ])
    const names = page.rows.map((row) => row.site.name)
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, undefined, { numeric: true, sensitivity: 'base' })))
  })

  it("serves the site page's one site by its key", async () => {
    const { value, b } = await syncedCore()
    const snapshot = await storedAccount(value, b.id)
    const site = snapshot.sites[3]!
    const page = await value('sites:query', query([b.id], { keys: [keyOf(b.id, site.id)], limit: 1 }))
    expect(page.rows).toEqual([{ key: keyOf(b.id, site.id), accountId: b.id, site }])
  })

  it("gives a new revision after a write, which 'workspace:changed' tells of", async () => {
    const { value, pushesOf, a, b } = await syncedCore()
    const before = await value('sites:query', query([a.id, b.id], { limit: 0 }))
    const summary = await value('workspace:scope', { scope: [a.id, b.id] })
    expect(before.revision).toBe(summary.accounts.map((account) => `${account.accountId}:${account.revision}`).join(','))

    await value('tags:create', { accountId: b.id, name: 'Freshly made' })
    const after = await value('sites:query', query([a.id, b.id], { limit: 0 }))
    expect(after.revision).not.toBe(before.revision)
    expect(after.revision.split(',')[0]).toBe(before.revision.split(',')[0])
    // The local write's push names the revision it made (a sync that follows may move it on).
    const pushed = pushesOf('workspace:changed').find((change) => change.accountId === b.id && change.tags && change.changes === null)
    expect(typeof pushed!.revision).toBe('number')
    expect(`${b.id}:${pushed!.revision}`).not.toBe(before.revision.split(',')[1])
  })

  it('is not_found naming the missing account, and refuses a bad query before reading', async () => {
    const { call, a } = await syncedCore()
    const missing = await call('sites:query', query([MISSING, a.id]))
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } })
    if (!missing.ok) expect(missing.error.message).toContain(MISSING)
    const bad = await call('sites:query', { ...query([a.id]), sort: [{ key: 'colour', direction: 'asc' }] })
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })
})

// The whole path a shell takes, through core's handlers against a real reference server:
// add an account with its token, see it synced into the local store, create and delete a
// site and a tag, read it back after a restart with the server gone, and see a wrong token
// reported as unauthorized.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../../src/core'
import { keyOf } from '../../../../src/shared'
import { MemorySecretStore } from '../../../../src/core/secrets'
import { makeCore, storedAccount } from '../support/core-harness'
import { GOOD_TOKEN, startTestServer } from '../support/reference-server'
import { withTempDirs } from '../support/temp-dir'
import { LockedSecretStore } from '../support/throwing-secret-store'

let server: Awaited<ReturnType<typeof startTestServer>>
const dirs = await withTempDirs()
const cores: Core[] = []

beforeAll(async () => {
  server = await startTestServer(40)
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()))
  await dirs.cleanup()
})

async function coreWith(options: Parameters<typeof makeCore>[1] = {}) {
  const dataDir = await dirs.make()
  const harness = makeCore(dataDir, options)
  cores.push(harness.core)
  return { ...harness, dataDir }
}

describe('accounts and data through the channels', () => {
  it('adds an account, syncs it into the store, creates and deletes a tag and a site', async () => {
    const { value, pushesOf, dataDir } = await coreWith()

    const account = await value('accounts:add', { label: 'Agency', baseUrl: server.baseUrl, token: ` ${GOOD_TOKEN}\n` })
    expect(account).toMatchObject({ label: 'Agency', kind: 'remote', tokenState: 'ok' })
    expect(JSON.stringify(account)).not.toContain(GOOD_TOKEN)
    expect(pushesOf('accounts:changed').at(-1)?.accounts.map((a) => a.id)).toEqual([account.id])
    await value('accounts:setActive', { accountId: account.id })
    expect((await value('accounts:list')).lastActiveId).toBe(account.id)

    // Adding the account starts its first sync; asking again joins it.
    const state = await value('sync:now', { accountId: account.id })
    expect(state).toMatchObject({ accountId: account.id, status: 'idle', error: null })
    expect(state.lastSyncedAt).not.toBeNull()
    const snapshot = await storedAccount(value, account.id)
    expect(snapshot.sites).toHaveLength(40)
    expect(snapshot.sites.map((s) => s.id)).toEqual([...snapshot.sites.map((s) => s.id)].sort((a, b) => a - b))
    expect(snapshot.tags.length).toBeGreaterThan(0)
    expect(snapshot.eventCount).toBeGreaterThan(0)
    const progress = pushesOf('sync:state').filter((p) => p.accountId === account.id && p.status === 'syncing')
    expect(progress.length).toBeGreaterThan(0)
    expect(pushesOf('workspace:changed').some((c) => c.accountId === account.id && c.sites)).toBe(true)

    // Events come from the store, one site's feed too; one site is read fresh from the server.
    const firstSite = snapshot.sites[0]
    if (!firstSite) throw new Error('no site')
    expect((await value('sync:site', { accountId: account.id, siteId: firstSite.id })).id).toBe(firstSite.id)
    const siteEvents = await value('events:query', { scope: [account.id], site: keyOf(account.id, firstSite.id) })
    expect(siteEvents.events.every((e) => e.site_id === firstSite.id)).toBe(true)
    const allEvents = await value('events:query', { scope: [account.id], limit: 10 })
    expect(allEvents.events).toHaveLength(10)
    expect(allEvents.events.every((e) => e.accountId === account.id && e.key === keyOf(account.id, e.id))).toBe(true)
    // At least what the snapshot counted: sync:site and the background fill of older events add more.
    expect(allEvents.total).toBeGreaterThanOrEqual(snapshot.eventCount)

    const tag = await value('tags:create', { accountId: account.id, name: 'Clients 2025' })
    expect(tag.name).toBe('Clients 2025')
    expect((await storedAccount(value, account.id)).tags.map((t) => t.id)).toContain(tag.id)
    await value('tags:delete', { accountId: account.id, tagId: tag.id })
    expect((await storedAccount(value, account.id)).tags.map((t) => t.id)).not.toContain(tag.id)

    const created = await value('sites:create', {
      accountId: account.id,
      site: { name: 'New shop', url: 'https://shop.example.com', private_key: 'write-only-key', tags: [] },
    })
    expect(created.name).toBe('New shop')
    // Read back after the create: the stored copy has what the create answer lacks.
    expect(created.updates_count).toBe(0)
    expect(JSON.stringify(created)).not.toContain('write-only-key')
    expect((await storedAccount(value, account.id)).sites.map((s) => s.id)).toContain(created.id)
    await value('sites:delete', { accountId: account.id, siteId: created.id })
    expect((await storedAccount(value, account.id)).sites.map((s) => s.id)).not.toContain(created.id)

    // The token is on no file in the data folder, the database included; neither is the private key.
    expect(await readFile(join(dataDir, 'accounts.json'), 'utf8')).not.toContain(GOOD_TOKEN)
    for (const name of await readdir(dataDir)) {
      if (!name.startsWith('workspace.sqlite')) continue
      const bytes = await readFile(join(dataDir, name))
      expect(bytes.includes(GOOD_TOKEN)).toBe(false)
      expect(bytes.includes('write-only-key')).toBe(false)
    }
  })

  it('opens a synced account from the store after a restart with its server stopped', async () => {
    const own = await startTestServer(20)
    const secretStore = new MemorySecretStore()
    const { value, core, dataDir } = await coreWith({ secretStore })
    const account = await value('accounts:add', { label: 'Offline', baseUrl: own.baseUrl, token: GOOD_TOKEN })
    await value('sync:now', { accountId: account.id })
    await core.dispose()
    await own.close()

    const restarted = makeCore(dataDir, { secretStore })
    cores.push(restarted.core)
    const snapshot = await storedAccount(restarted.value, account.id)
    expect(snapshot.sites).toHaveLength(20)
    expect(snapshot.sync.lastSyncedAt).not.toBeNull()
    const failed = await restarted.value('sync:now', { accountId: account.id })
    expect(failed.status).toBe('failed')
    expect(failed.error?.code).toBe('network')
    // Still there, still searchable.
    expect((await storedAccount(restarted.value, account.id)).sites).toHaveLength(20)
    expect((await restarted.value('events:query', { scope: [account.id] })).total).toBeGreaterThan(0)
  })

  it('reports a wrong token as unauthorized and saves no account', async () => {
    const { call, value } = await coreWith()
    const result = await call('accounts:add', { label: 'Typo', baseUrl: server.baseUrl, token: 'wrong-token' })
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect((await value('accounts:list')).accounts).toEqual([])
  })

  it('marks an account whose token the server refuses (401) as refused, until a new token is accepted', async () => {
    const secretStore = new MemorySecretStore()
    const { value, dataDir } = await coreWith({ secretStore, autoSync: false })
    const account = await value('accounts:add', { label: 'A', baseUrl: server.baseUrl, token: GOOD_TOKEN })

    // What a token revoked on the server looks like to the app at its next start: the stored
    // token is refused.
    await secretStore.set(account.id, 'revoked-token')
    const restarted = makeCore(dataDir, { secretStore, autoSync: false })
    cores.push(restarted.core)
    const state = await restarted.value('sync:now', { accountId: account.id })
    expect(state).toMatchObject({ status: 'failed', error: { code: 'unauthorized', status: 401 } })
    expect((await restarted.value('accounts:list')).accounts[0]?.tokenState).toBe('refused')
    expect(restarted.pushesOf('accounts:changed').at(-1)?.accounts[0]?.tokenState).toBe('refused')

    // A wrong replacement changes nothing; the right one is stored and used at once.
    const wrong = await restarted.call('accounts:replaceToken', { accountId: account.id, token: 'also-wrong' })
    expect(wrong).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(await secretStore.get(account.id)).toBe('revoked-token')
    const replaced = await restarted.value('accounts:replaceToken', { accountId: account.id, token: GOOD_TOKEN })
    expect(replaced.tokenState).toBe('ok')
    expect(await restarted.value('sync:now', { accountId: account.id })).toMatchObject({ status: 'idle', error: null })
    expect((await storedAccount(restarted.value, account.id)).sites).toHaveLength(40)

    await restarted.value('accounts:rename', { accountId: account.id, label: 'Renamed' })
    expect((await restarted.value('accounts:list')).accounts[0]?.label).toBe('Renamed')
    expect(restarted.pushesOf('accounts:changed').at(-1)?.accounts[0]?.label).toBe('Renamed')
  })

  it('shows a locked keychain as accounts whose token is unavailable and syncs as keychain_unavailable', async () => {
    const { value, dataDir } = await coreWith({ autoSync: false })
    const account = await value('accounts:add', { label: 'Saved', baseUrl: server.baseUrl, token: GOOD_TOKEN })

    const locked = makeCore(dataDir, { secretStore: new LockedSecretStore(), autoSync: false })
    cores.push(locked.core)
    const state = await locked.value('accounts:list')
    expect(state.accounts).toEqual([expect.objectContaining({ id: account.id, tokenState: 'unavailable' })])
    const synced = await locked.value('sync:now', { accountId: account.id })
    expect(synced).toMatchObject({ status: 'failed', error: { code: 'keychain_unavailable' } })
    expect(synced.error?.message).toMatch(/Unlock it/)
  })

  it('asks for a token when the keychain entry vanished', async () => {
    const secretStore = new MemorySecretStore()
    const { value, dataDir } = await coreWith({ secretStore, autoSync: false })
    const account = await value('accounts:add', { label: 'Vanished', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    await secretStore.delete(account.id)

    const restarted = makeCore(dataDir, { secretStore, autoSync: false })
    cores.push(restarted.core)
    expect((await restarted.value('accounts:list')).accounts[0]?.tokenState).toBe('missing')
    expect(await restarted.value('sync:now', { accountId: account.id })).toMatchObject({ status: 'failed', error: { code: 'unauthorized' } })

    const replaced = await restarted.value('accounts:replaceToken', { accountId: account.id, token: GOOD_TOKEN })
    expect(replaced.tokenState).toBe('ok')
    expect(await restarted.value('sync:now', { accountId: account.id })).toMatchObject({ status: 'idle' })
    expect((await storedAccount(restarted.value, account.id)).tags.length).toBeGreaterThan(0)
  })

  it('removes an account: its client, its token, its record and its rows in the store', async () => {
    const secretStore = new MemorySecretStore()
    const { value, call } = await coreWith({ secretStore })
    // A second server: the same address and token twice would be refused as a duplicate.
    const goneServer = await startTestServer(10)
    const account = await value('accounts:add', { label: 'Gone', baseUrl: goneServer.baseUrl, token: GOOD_TOKEN })
    const other = await value('accounts:add', { label: 'Stays', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    await value('sync:now', { accountId: account.id })
    await value('sync:now', { accountId: other.id })

    await value('accounts:remove', { accountId: account.id })

    expect(secretStore.size).toBe(1)
    expect((await value('accounts:list')).accounts.map((a) => a.id)).toEqual([other.id])
    expect(await call('workspace:scope', { scope: [account.id] })).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(await call('events:query', { scope: [account.id] })).toMatchObject({ ok: false, error: { code: 'not_found' } })
    // A scope naming the removed account beside one that is still there is refused, naming it.
    const mixed = await call('events:query', { scope: [other.id, account.id] })
    expect(mixed).toMatchObject({ ok: false, error: { code: 'not_found', fields: { scope: [expect.stringContaining(account.id)] } } })
    expect(await call('events:daily', { scope: [other.id, account.id], days: 30, utcOffsetMinutes: 0 })).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect((await value('events:query', { scope: [other.id] })).events.every((e) => e.accountId === other.id)).toBe(true)
    expect((await storedAccount(value, other.id)).sites).toHaveLength(40)
    await goneServer.close()
  })
})

// The whole path a shell takes, through core's handlers against a real reference server:
// add an account with its token, list its sites, create a tag, and see a wrong token
// reported as unauthorized.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../../src/core'
import { MemorySecretStore } from '../../../../src/core/secrets'
import { makeCore } from '../support/core-harness'
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
  it('adds an account, lists its sites, creates and deletes a tag', async () => {
    const { value, pushesOf, dataDir } = await coreWith()

    const account = await value('accounts:add', { label: 'Agency', baseUrl: server.baseUrl, token: ` ${GOOD_TOKEN}\n` })
    expect(account).toMatchObject({ label: 'Agency', kind: 'remote', tokenState: 'ok' })
    expect(JSON.stringify(account)).not.toContain(GOOD_TOKEN)
    expect(pushesOf('accounts:changed').at(-1)?.accounts.map((a) => a.id)).toEqual([account.id])
    await value('accounts:setActive', { accountId: account.id })
    expect((await value('accounts:list')).lastActiveId).toBe(account.id)

    const page = await value('sites:list', { accountId: account.id })
    expect(page.meta).toMatchObject({ current_page: 1, total: 40, per_page: 15 })
    expect(page.data).toHaveLength(15)

    const all = await value('sites:all', { accountId: account.id })
    expect(all).toHaveLength(40)
    const progress = pushesOf('sync:progress')
    expect(progress.length).toBeGreaterThan(0)
    expect(progress.at(-1)).toEqual({ accountId: account.id, what: 'sites', done: 40, total: 40 })

    const firstSite = all[0]
    if (!firstSite) throw new Error('no site')
    expect((await value('sites:get', { accountId: account.id, siteId: firstSite.id })).id).toBe(firstSite.id)
    const siteEvents = await value('events:listForSite', { accountId: account.id, siteId: firstSite.id })
    expect(siteEvents.data.every((e) => e.site_id === firstSite.id)).toBe(true)
    expect((await value('events:list', { accountId: account.id })).data.length).toBeGreaterThan(0)

    const tag = await value('tags:create', { accountId: account.id, name: 'Clients 2025' })
    expect(tag.name).toBe('Clients 2025')
    const tags = await value('tags:all', { accountId: account.id })
    expect(tags.map((t) => t.id)).toContain(tag.id)
    expect(pushesOf('sync:progress').some((p) => p.what === 'tags')).toBe(true)
    await value('tags:delete', { accountId: account.id, tagId: tag.id })
    expect((await value('tags:all', { accountId: account.id })).map((t) => t.id)).not.toContain(tag.id)

    const created = await value('sites:create', {
      accountId: account.id,
      site: { name: 'New shop', url: 'https://shop.example.com', private_key: 'write-only-key', tags: [] },
    })
    expect(created.name).toBe('New shop')
    expect(JSON.stringify(created)).not.toContain('write-only-key')
    await value('sites:delete', { accountId: account.id, siteId: created.id })
    const gone = await value('sites:all', { accountId: account.id })
    expect(gone.map((s) => s.id)).not.toContain(created.id)

    // The token is on no file in the data folder.
    expect(await readFile(join(dataDir, 'accounts.json'), 'utf8')).not.toContain(GOOD_TOKEN)
  })

  it('reports a wrong token as unauthorized and saves no account', async () => {
    const { call, value } = await coreWith()
    const result = await call('accounts:add', { label: 'Typo', baseUrl: server.baseUrl, token: 'wrong-token' })
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect((await value('accounts:list')).accounts).toEqual([])
  })

  it('marks an account whose token the server refuses (401) as refused, until a new token is accepted', async () => {
    const secretStore = new MemorySecretStore()
    const { value, dataDir } = await coreWith({ secretStore })
    const account = await value('accounts:add', { label: 'A', baseUrl: server.baseUrl, token: GOOD_TOKEN })

    // What a token revoked on the server looks like to the app at its next start: the stored
    // token is refused.
    await secretStore.set(account.id, 'revoked-token')
    const restarted = makeCore(dataDir, { secretStore })
    cores.push(restarted.core)
    const result = await restarted.call('sites:list', { accountId: account.id })
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized', status: 401 } })
    expect((await restarted.value('accounts:list')).accounts[0]?.tokenState).toBe('refused')
    expect(restarted.pushesOf('accounts:changed').at(-1)?.accounts[0]?.tokenState).toBe('refused')

    // A wrong replacement changes nothing; the right one is stored and used at once.
    const wrong = await restarted.call('accounts:replaceToken', { accountId: account.id, token: 'also-wrong' })
    expect(wrong).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(await secretStore.get(account.id)).toBe('revoked-token')
    const replaced = await restarted.value('accounts:replaceToken', { accountId: account.id, token: GOOD_TOKEN })
    expect(replaced.tokenState).toBe('ok')
    expect((await restarted.value('sites:list', { accountId: account.id })).data).toHaveLength(15)

    await restarted.value('accounts:rename', { accountId: account.id, label: 'Renamed' })
    expect((await restarted.value('accounts:list')).accounts[0]?.label).toBe('Renamed')
    expect(restarted.pushesOf('accounts:changed').at(-1)?.accounts[0]?.label).toBe('Renamed')
  })

  it('shows a locked keychain as accounts whose token is unavailable and calls as keychain_unavailable', async () => {
    const { value, dataDir } = await coreWith()
    const account = await value('accounts:add', { label: 'Saved', baseUrl: server.baseUrl, token: GOOD_TOKEN })

    const locked = makeCore(dataDir, { secretStore: new LockedSecretStore() })
    cores.push(locked.core)
    const state = await locked.value('accounts:list')
    expect(state.accounts).toEqual([expect.objectContaining({ id: account.id, tokenState: 'unavailable' })])
    const result = await locked.call('sites:list', { accountId: account.id })
    expect(result).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } })
    if (!result.ok) expect(result.error.message).toMatch(/Unlock it/)
  })

  it('asks for a token when the keychain entry vanished', async () => {
    const secretStore = new MemorySecretStore()
    const { value, dataDir } = await coreWith({ secretStore })
    const account = await value('accounts:add', { label: 'Vanished', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    await secretStore.delete(account.id)

    const restarted = makeCore(dataDir, { secretStore })
    cores.push(restarted.core)
    expect((await restarted.value('accounts:list')).accounts[0]?.tokenState).toBe('missing')
    const result = await restarted.call('tags:list', { accountId: account.id })
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized' } })

    const replaced = await restarted.value('accounts:replaceToken', { accountId: account.id, token: GOOD_TOKEN })
    expect(replaced.tokenState).toBe('ok')
    expect((await restarted.value('tags:list', { accountId: account.id })).data.length).toBeGreaterThan(0)
  })

  it('removes an account: its client, its token and its record', async () => {
    const secretStore = new MemorySecretStore()
    const { value, call } = await coreWith({ secretStore })
    const account = await value('accounts:add', { label: 'Gone', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    await value('sites:list', { accountId: account.id })

    await value('accounts:remove', { accountId: account.id })

    expect(secretStore.size).toBe(0)
    expect((await value('accounts:list')).accounts).toEqual([])
    expect(await call('sites:list', { accountId: account.id })).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })
})

// AccountStore against a real reference server over loopback, with an in-memory SecretStore.
import { readdir, readFile, mkdir, writeFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { accountCacheDir, credentialsVerifier } from '../../../../src/core/accounts'
import { createSiteApiClient } from '../../../../src/core/api'
import { MemorySecretStore } from '../../../../src/core/secrets'
import { failure } from '../api/support/failure'
import { makeAccountStore } from '../support/account-store-fixture'
import { GOOD_TOKEN, startTestServer } from '../support/reference-server'
import { withTempDirs } from '../support/temp-dir'
import { LockedSecretStore } from '../support/throwing-secret-store'

let server: Awaited<ReturnType<typeof startTestServer>>
const dirs = await withTempDirs()

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server.close()
})
afterEach(async () => {
  await dirs.cleanup()
})

const verifyForReal = credentialsVerifier(createSiteApiClient)
/** The test server knows one token; the others a test needs (a second account at the same address, which the store would refuse as a duplicate with the same token) are let through. */
const ANOTHER_TOKEN = 'another-token-for-a-second-account'
const verifyOrAccept = (baseUrl: string, token: string) => (token === ANOTHER_TOKEN ? Promise.resolve() : verifyForReal(baseUrl, token))

describe('AccountStore', () => {
  it('adds an account after verifying it, keeps the token in the secret store only', async () => {
    const dataDir = await dirs.make()
    const secrets = new MemorySecretStore()
    const { store, changes } = makeAccountStore(dataDir, verifyOrAccept, secrets)

    const account = await store.add({ label: 'Agency', baseUrl: `${server.baseUrl}/`, token: GOOD_TOKEN })

    expect(account).toMatchObject({ label: 'Agency', baseUrl: server.baseUrl, kind: 'remote', tokenState: 'ok' })
    expect(account.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(account).not.toHaveProperty('token')
    expect(await secrets.get(account.id)).toBe(GOOD_TOKEN)
    expect(changes.at(-1)?.accounts.map((a) => a.id)).toEqual([account.id])

    const onDisk = await readFile(join(dataDir, 'accounts.json'), 'utf8')
    expect(onDisk).not.toContain(GOOD_TOKEN)
    expect(JSON.parse(onDisk)).toEqual({
      version: 1,
      accounts: [{ id: account.id, label: 'Agency', baseUrl: server.baseUrl, kind: 'remote', createdAt: account.createdAt }],
      lastActiveId: null,
    })
    // No token anywhere in the data folder, not even in a leftover temp file.
    for (const name of await readdir(dataDir)) {
      expect(await readFile(join(dataDir, name), 'utf8').catch(() => '')).not.toContain(GOOD_TOKEN)
    }
  })

  it('refuses a wrong token as unauthorized and saves nothing', async () => {
    const dataDir = await dirs.make()
    const { store, secrets } = makeAccountStore(dataDir, verifyOrAccept)

    const error = await failure(store.add({ label: 'Typo', baseUrl: server.baseUrl, token: `${GOOD_TOKEN}x` }))

    expect(error.code).toBe('unauthorized')
    expect(error.message).toContain('refused this token')
    expect(error.message).not.toContain(GOOD_TOKEN)
    expect(secrets.size).toBe(0)
    expect((await store.list()).accounts).toEqual([])
    await expect(stat(join(dataDir, 'accounts.json'))).rejects.toThrow()
  })

  it('refuses an address that is not the API root', async () => {
    const { store } = makeAccountStore(await dirs.make(), verifyOrAccept)
    const root = new URL(server.baseUrl).origin
    const error = await failure(store.add({ label: 'Wrong', baseUrl: `${root}/nothing/here`, token: GOOD_TOKEN }))
    expect(['not_found', 'bad_response']).toContain(error.code)
    expect(error.message).toContain('No Site Management API answered')
  })

  it('refuses plain http:// to a host that is not loopback, before any request', async () => {
    const { store, secrets } = makeAccountStore(await dirs.make(), verifyOrAccept)
    const error = await failure(store.add({ label: 'Plain', baseUrl: 'http://example.com/api/v1', token: GOOD_TOKEN }))
    expect(error.code).toBe('invalid_input')
    expect(error.message).toContain('https://')
    expect(secrets.size).toBe(0)
  })

  it('renames, remembers the last active account, and reloads both from disk', async () => {
    const dataDir = await dirs.make()
    const { store } = makeAccountStore(dataDir, verifyOrAccept)
    const first = await store.add({ label: 'One', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    const second = await store.add({ label: 'Two', baseUrl: server.baseUrl, token: ANOTHER_TOKEN })

    expect((await store.rename(first.id, 'First')).label).toBe('First')
    await store.setActive(second.id)

    const reloaded = makeAccountStore(dataDir, verifyOrAccept).store
    const state = await reloaded.list()
    expect(state.lastActiveId).toBe(second.id)
    expect(state.accounts.map((a) => a.label)).toEqual(['First', 'Two'])
    // The reloaded store has a fresh (empty) secret store, so both now need a token.
    expect(state.accounts.map((a) => a.tokenState)).toEqual(['missing', 'missing'])
    expect((await failure(reloaded.setActive('00000000-0000-4000-8000-000000000000'))).code).toBe('not_found')
  })

  it('replaces a token only after the server accepts the new one', async () => {
    const { store, secrets } = makeAccountStore(await dirs.make(), verifyOrAccept)
    const account = await store.add({ label: 'A', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    await store.markRefused(account.id)
    expect((await store.get(account.id)).tokenState).toBe('refused')

    expect((await failure(store.replaceToken(account.id, 'wrong-token'))).code).toBe('unauthorized')
    expect(await secrets.get(account.id)).toBe(GOOD_TOKEN)
    expect((await store.get(account.id)).tokenState).toBe('refused')

    await secrets.delete(account.id)
    const replaced = await store.replaceToken(account.id, GOOD_TOKEN)
    expect(replaced.tokenState).toBe('ok')
    expect(await secrets.get(account.id)).toBe(GOOD_TOKEN)
  })

  it('removes the keychain entry, the cache folder and the record', async () => {
    const dataDir = await dirs.make()
    const { store, secrets } = makeAccountStore(dataDir, verifyOrAccept)
    const account = await store.add({ label: 'Gone', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    await store.setActive(account.id)
    const cache = accountCacheDir(dataDir, account.id)
    await mkdir(cache, { recursive: true })
    await writeFile(join(cache, 'sites.json'), '[]')

    await store.remove(account.id)

    expect(await secrets.get(account.id)).toBeNull()
    await expect(stat(cache)).rejects.toThrow()
    expect(await store.list()).toEqual({ accounts: [], lastActiveId: null })
    expect((await failure(store.remove(account.id))).code).toBe('not_found')
  })

  it('shows an account whose keychain entry vanished as needing a token, and calls ask for one', async () => {
    const { store, secrets } = makeAccountStore(await dirs.make(), verifyOrAccept)
    const account = await store.add({ label: 'Vanished', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    await secrets.delete(account.id)

    expect((await store.list()).accounts[0]?.tokenState).toBe('missing')
    const error = await failure(store.tokenFor(account.id))
    expect(error.code).toBe('unauthorized')
    expect(error.message).toContain('Enter its token again')
  })

  it('lists accounts as unavailable (not missing) when the keychain is locked, and refuses to add', async () => {
    const dataDir = await dirs.make()
    const { store: open } = makeAccountStore(dataDir, verifyOrAccept)
    await open.add({ label: 'Saved', baseUrl: server.baseUrl, token: GOOD_TOKEN })

    const { store } = makeAccountStore(dataDir, verifyOrAccept, new LockedSecretStore())
    const state = await store.list()
    expect(state.accounts).toHaveLength(1)
    // The token may well still be there: the person should unlock, not enter a new token.
    expect(state.accounts[0]?.tokenState).toBe('unavailable')

    const id = state.accounts[0]?.id ?? ''
    expect((await failure(store.tokenFor(id))).code).toBe('keychain_unavailable')
    const error = await failure(store.add({ label: 'New', baseUrl: server.baseUrl, token: GOOD_TOKEN }))
    expect(error.code).toBe('keychain_unavailable')
    expect(error.message).toMatch(/Unlock it/)
    expect((await store.list()).accounts).toHaveLength(1)
    // A token that cannot be deleted from the keychain keeps its account, so it can be retried.
    expect((await failure(store.remove(id))).code).toBe('keychain_unavailable')
    expect((await store.list()).accounts).toHaveLength(1)
  })

  it('adds and updates a single Demo account', async () => {
    const { store } = makeAccountStore(await dirs.make(), verifyOrAccept)
    const demo = await store.upsertDemo('http://127.0.0.1:1111/api/v1')
    expect(demo).toMatchObject({ label: 'Demo', kind: 'demo', tokenState: 'ok' })
    const moved = await store.upsertDemo('http://127.0.0.1:2222/api/v1')
    expect(moved.id).toBe(demo.id)
    expect(moved.baseUrl).toBe('http://127.0.0.1:2222/api/v1')
    expect((await store.list()).accounts).toHaveLength(1)
    expect((await failure(store.replaceToken(demo.id, GOOD_TOKEN))).code).toBe('invalid_input')
  })
})

describe('AccountStore under concurrent changes', () => {
  it('loses no change when several arrive at once', async () => {
    const dataDir = await dirs.make()
    const { store } = makeAccountStore(dataDir, verifyOrAccept)
    // The same address and token twice is a refused duplicate: each account has its own address.
    const added = await Promise.all(
      ['A', 'B', 'C', 'D'].map((label) => store.add({ label, baseUrl: `https://${label.toLowerCase()}.example.com/api/v1`, token: ANOTHER_TOKEN })),
    )
    await Promise.all(added.map((a) => store.rename(a.id, `${a.label}!`)))

    const reloaded = await makeAccountStore(dataDir, verifyOrAccept).store.list()
    expect(reloaded.accounts.map((a) => a.label).sort()).toEqual(['A!', 'B!', 'C!', 'D!'])
  })
})

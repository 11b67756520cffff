// A keychain that does not answer (gnome-keyring locked, its unlock prompt unable to show on a
// headless machine) must not hang the app: accounts:list answers within the deadline with every
// remote account 'unavailable', only one keychain call is ever out (each holds a thread of
// Node's pool, which file reads and writes share), and once the keychain answers again the
// accounts come back without a restart. A fake keytar binding is injected into
// KeytarSecretStore; fake timers stand in for the deadline.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AccountStore } from '../../../../src/core/accounts'
import { KeytarSecretStore, type SecretStore } from '../../../../src/core/secrets'
import { failure } from '../api/support/failure'
import { makeAccountStore } from '../support/account-store-fixture'
import { savedAccount, writeAccounts } from '../support/accounts-file'
import { FakeKeytar } from '../support/fake-keytar'
import { withTempDirs } from '../support/temp-dir'

const dirs = await withTempDirs()
const DEADLINE = 4000
const ACCOUNTS = [1, 2, 3, 4, 5].map((n) => savedAccount(n))

afterEach(async () => {
  vi.useRealTimers()
  await dirs.cleanup()
})

async function storeOver(secrets: SecretStore): Promise<AccountStore> {
  const dataDir = await dirs.make()
  await writeAccounts(dataDir, ACCOUNTS)
  const { store } = makeAccountStore(dataDir, async () => undefined, secrets)
  // The settings are read before the clock is faked; only keychain calls wait on it.
  await store.requireAccount(ACCOUNTS[0]!.id)
  return store
}

/** Lets promise callbacks and file I/O run (setImmediate and Date are not faked), up to 5 s. */
async function until(condition: () => boolean): Promise<void> {
  const start = Date.now()
  while (!condition() && Date.now() - start < 5000) await new Promise((resolve) => setImmediate(resolve))
  expect(condition()).toBe(true)
}

describe('a keychain that never answers', () => {
  it('accounts list within the deadline as unavailable, with one keychain call started', async () => {
    const keytar = new FakeKeytar()
    for (const account of ACCOUNTS) keytar.entries.set(account.id, `token-${account.id}`)
    keytar.mode = 'hang'
    const store = await storeOver(new KeytarSecretStore('Site Manager', { load: async () => keytar, deadlineMs: DEADLINE }))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })

    let listed: Awaited<ReturnType<AccountStore['list']>> | undefined
    void store.list().then((state) => (listed = state))
    await until(() => keytar.started === 1)
    await vi.advanceTimersByTimeAsync(DEADLINE - 1)
    expect(listed).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)

    expect(listed?.accounts.map((a) => a.tokenState)).toEqual(ACCOUNTS.map(() => 'unavailable'))
    // Five accounts, one call: the others never reached keytar, so at most one thread waits.
    expect(keytar.started).toBe(1)

    // While that call is still out, a call for a token fails at once, saying what happened.
    const error = await failure(store.tokenFor(ACCOUNTS[1]!.id))
    expect(error.code).toBe('keychain_unavailable')
    expect(error.message).toMatch(/did not answer within 4 seconds/)
    expect(keytar.started).toBe(1)
    expect((await store.list()).accounts.every((a) => a.tokenState === 'unavailable')).toBe(true)
    expect(keytar.started).toBe(1)

    // The person unlocks the keychain: the held call returns, and the next list reads it again.
    keytar.release()
    await vi.advanceTimersByTimeAsync(0)
    expect((await store.list()).accounts.map((a) => a.tokenState)).toEqual(ACCOUNTS.map(() => 'ok'))
    expect(keytar.started).toBe(1 + ACCOUNTS.length)
    expect(keytar.outstanding).toBe(0)
  })

  it('refuses to add an account within the deadline, and saves nothing', async () => {
    const keytar = new FakeKeytar()
    keytar.mode = 'hang'
    const store = await storeOver(new KeytarSecretStore('Site Manager', { load: async () => keytar, deadlineMs: DEADLINE }))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })

    const adding = failure(store.add({ label: 'New', baseUrl: 'https://new.example.com/api/v1', token: 'new-token' }))
    await until(() => keytar.started === 1)
    await vi.advanceTimersByTimeAsync(DEADLINE)
    expect((await adding).code).toBe('keychain_unavailable')
    vi.useRealTimers()
    expect((await store.requireAccount(ACCOUNTS[0]!.id)).id).toBe(ACCOUNTS[0]!.id)
    await expect(store.list()).resolves.toMatchObject({ accounts: ACCOUNTS.map((a) => ({ id: a.id, tokenState: 'unavailable' })) })
  })
})

describe('a keychain that fails, then answers again (its daemon restarted)', () => {
  it('shows the accounts unavailable while it fails and brings them back without a restart', async () => {
    const keytar = new FakeKeytar()
    for (const account of ACCOUNTS) keytar.entries.set(account.id, `token-${account.id}`)
    const store = await storeOver(new KeytarSecretStore('Site Manager', { load: async () => keytar, deadlineMs: DEADLINE }))

    keytar.mode = 'fail'
    keytar.failWith = 'The name :1.0 was not provided by any .service files'
    expect((await store.list()).accounts.map((a) => a.tokenState)).toEqual(ACCOUNTS.map(() => 'unavailable'))
    expect((await failure(store.tokenFor(ACCOUNTS[0]!.id))).code).toBe('keychain_unavailable')

    keytar.mode = 'answer'
    expect((await store.list()).accounts.map((a) => a.tokenState)).toEqual(ACCOUNTS.map(() => 'ok'))
    expect(await store.tokenFor(ACCOUNTS[0]!.id)).toBe(`token-${ACCOUNTS[0]!.id}`)
  })
})

// The app killed between the steps of an account change, then started again: no token of a saved
// account is lost, a keychain entry that no account owns is removed at start, and the settings
// writer's leftover temporary files go. The keychain is a MemorySecretStore that outlives the
// "process"; CrashingSecretStore stops the process at a keychain step.
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AccountStore } from '../../../../src/core/accounts'
import { MemorySecretStore, type SecretStore } from '../../../../src/core/secrets'
import { savedAccount, writeAccounts } from '../support/accounts-file'
import { CrashingSecretStore, type CrashPoint } from '../support/crashing-secret-store'
import { withTempDirs } from '../support/temp-dir'

const dirs = await withTempDirs()
afterEach(() => dirs.cleanup())

const BASE_URL = 'https://api.example.com/api/v1'

function storeOver(dataDir: string, secrets: SecretStore): AccountStore {
  return new AccountStore({ dataDir, secrets, demoSecrets: new MemorySecretStore(), verifyCredentials: async () => undefined })
}

/** Starts the change, waits until the simulated process died at its crash point. */
async function crashDuring(secrets: CrashingSecretStore, change: Promise<unknown>): Promise<void> {
  change.catch(() => undefined)
  await expect.poll(() => secrets.crashed, { interval: 5, timeout: 5000 }).toBe(true)
}

/** The app starts again over the same data folder and keychain, and finishes its start. */
async function restart(dataDir: string, keychain: MemorySecretStore): Promise<AccountStore> {
  const store = storeOver(dataDir, keychain)
  await store.load()
  return store
}

/** Every saved account has its token; every keychain entry belongs to a saved account. */
async function expectConsistent(store: AccountStore, keychain: MemorySecretStore): Promise<void> {
  const { accounts } = await store.list()
  expect(accounts.filter((a) => a.tokenState !== 'ok').map((a) => [a.label, a.tokenState])).toEqual([])
  expect(keychain.ids().sort()).toEqual(accounts.map((a) => a.id).sort())
}

async function settingsOnDisk(dataDir: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(dataDir, 'accounts.json'), 'utf8')) as Record<string, unknown>
}

async function twoAccounts(dataDir: string, keychain: MemorySecretStore) {
  const accounts = [savedAccount(1), savedAccount(2)]
  await writeAccounts(dataDir, accounts)
  for (const account of accounts) await keychain.set(account.id, `token-${account.label}`)
  return accounts
}

describe('killed in the middle of an account change, then started again', () => {
  it.each<CrashPoint['when']>(['before', 'after'])('adding, %s the token is stored: no entry without an account', async (when) => {
    const dataDir = await dirs.make()
    const keychain = new MemorySecretStore()
    await twoAccounts(dataDir, keychain)
    const dying = new CrashingSecretStore(keychain, { op: 'set', when })

    await crashDuring(dying, storeOver(dataDir, dying).add({ label: 'New', baseUrl: BASE_URL, token: 'new-token' }))

    const store = await restart(dataDir, keychain)
    expect((await store.list()).accounts.map((a) => a.label)).toEqual(['Account 1', 'Account 2'])
    await expectConsistent(store, keychain)
    expect(await settingsOnDisk(dataDir)).not.toHaveProperty('keychainCleanup')
  })

  it.each<CrashPoint['when']>(['before', 'after'])('removing, %s the token is deleted: the account is gone and so is its token', async (when) => {
    const dataDir = await dirs.make()
    const keychain = new MemorySecretStore()
    const [first] = await twoAccounts(dataDir, keychain)
    const dying = new CrashingSecretStore(keychain, { op: 'delete', when })

    await crashDuring(dying, storeOver(dataDir, dying).remove(first!.id))

    const store = await restart(dataDir, keychain)
    expect((await store.list()).accounts.map((a) => a.label)).toEqual(['Account 2'])
    await expectConsistent(store, keychain)
  })

  it.each<CrashPoint['when']>(['before', 'after'])('replacing a token, %s it is stored: the account keeps a token', async (when) => {
    const dataDir = await dirs.make()
    const keychain = new MemorySecretStore()
    const [first] = await twoAccounts(dataDir, keychain)
    const dying = new CrashingSecretStore(keychain, { op: 'set', when })

    await crashDuring(dying, storeOver(dataDir, dying).replaceToken(first!.id, 'replaced-token'))

    const store = await restart(dataDir, keychain)
    await expectConsistent(store, keychain)
    expect(await keychain.get(first!.id)).toBe(when === 'before' ? 'token-Account 1' : 'replaced-token')
  })

  it('killed 25 times at every kind of step, loses no token and leaves no entry behind', async () => {
    const dataDir = await dirs.make()
    const keychain = new MemorySecretStore()
    await twoAccounts(dataDir, keychain)
    let seed = 9
    const pick = <T>(items: T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return items[seed % items.length]!
    }

    let store = await restart(dataDir, keychain)
    for (let round = 0; round < 25; round += 1) {
      const when = pick<CrashPoint['when']>(['before', 'after'])
      const { accounts } = await store.list()
      const op = accounts.length < 2 ? 'add' : pick(['add', 'add', 'remove', 'replace'])
      const dying = new CrashingSecretStore(keychain, { op: op === 'remove' ? 'delete' : 'set', when })
      const doomed = storeOver(dataDir, dying)
      const target = pick(accounts)?.id ?? ''
      const change =
        op === 'add'
          ? doomed.add({ label: `Round ${round}`, baseUrl: BASE_URL, token: `token-${round}` })
          : op === 'remove'
            ? doomed.remove(target)
            : doomed.replaceToken(target, `replaced-${round}`)
      await crashDuring(dying, change)

      store = await restart(dataDir, keychain)
      await expectConsistent(store, keychain)
      // Between crashes the app also works normally: one change that completes.
      await store.add({ label: `Kept ${round}`, baseUrl: BASE_URL, token: `kept-${round}` })
    }
    expect(await settingsOnDisk(dataDir)).not.toHaveProperty('keychainCleanup')
  })
})

describe('leftover temporary files of the settings writer', () => {
  it('are removed at start when the process that wrote them is gone', async () => {
    const dataDir = await dirs.make()
    await writeAccounts(dataDir, [savedAccount(1)])
    const dead = join(dataDir, '.accounts.json.2147483646.0123456789ab.tmp')
    // A process still running (the test runner's parent) may be writing its own: left alone.
    const alive = join(dataDir, `.accounts.json.${process.ppid}.0123456789ab.tmp`)
    await writeFile(dead, '{"version":1,"acc')
    await writeFile(alive, '{"version":1,"acc')

    const store = await restart(dataDir, new MemorySecretStore())

    expect((await readdir(dataDir)).sort()).toEqual(['.accounts.json.' + process.ppid + '.0123456789ab.tmp', 'accounts.json'].sort())
    expect((await store.list()).accounts).toHaveLength(1)
  })
})

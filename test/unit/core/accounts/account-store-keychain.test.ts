// AccountStore with the real OS keychain: gnome-keyring in the private D-Bus session that the
// test harness runs vitest in. The keychain is checked directly through keytar, so the test
// proves where the token really went.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import keytar from 'keytar'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AccountStore, credentialsVerifier } from '../../../../src/core/accounts'
import { createSiteApiClient } from '../../../../src/core/api'
import { KeytarSecretStore, MemorySecretStore } from '../../../../src/core/secrets'
import { GOOD_TOKEN, startTestServer } from '../support/reference-server'
import { withTempDirs } from '../support/temp-dir'

const hasBus = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)
let server: Awaited<ReturnType<typeof startTestServer>> | undefined
const dirs = await withTempDirs()

beforeAll(async () => {
  if (hasBus) server = await startTestServer(5)
})
afterAll(async () => {
  await server?.close()
})
afterEach(() => dirs.cleanup())

describe.skipIf(!hasBus)('AccountStore with the real keychain (skipped only when no DBUS_SESSION_BUS_ADDRESS is set)', () => {
  it('keeps the token in the keychain under the app service, and removes it with the account', async () => {
    if (!server) throw new Error('no reference server')
    const service = `Site Manager test ${randomUUID()}`
    const dataDir = await dirs.make()
    const store = new AccountStore({
      dataDir,
      secrets: new KeytarSecretStore(service),
      demoSecrets: new MemorySecretStore(),
      verifyCredentials: credentialsVerifier(createSiteApiClient),
    })

    const account = await store.add({ label: 'Keychain', baseUrl: server.baseUrl, token: GOOD_TOKEN })
    expect(account.tokenState).toBe('ok')
    expect(await keytar.getPassword(service, account.id)).toBe(GOOD_TOKEN)
    expect(await readFile(join(dataDir, 'accounts.json'), 'utf8')).not.toContain(GOOD_TOKEN)
    expect(await store.tokenFor(account.id)).toBe(GOOD_TOKEN)

    // The entry vanishes behind the app's back: the account needs a token, nothing breaks.
    await keytar.deletePassword(service, account.id)
    expect((await store.list()).accounts[0]?.tokenState).toBe('missing')
    await store.replaceToken(account.id, GOOD_TOKEN)
    expect(await keytar.getPassword(service, account.id)).toBe(GOOD_TOKEN)

    await store.remove(account.id)
    expect(await keytar.getPassword(service, account.id)).toBeNull()
    expect((await store.list()).accounts).toEqual([])
  })
})

// Account changes that overlap with requests still on their way: a token replacement racing a
// removal, a 401 for a token that was already replaced, a removal while a long read runs, and
// how often the keychain is read. A loopback listener holds chosen requests until the test
// lets them go, so each overlap happens every time, in the same order.
import { afterEach, describe, expect, it } from 'vitest'
import { AccountClients, credentialsVerifier } from '../../../../src/core/accounts'
import { createSiteApiClient } from '../../../../src/core/api'
import { MemorySecretStore } from '../../../../src/core/secrets'
import { failure } from '../api/support/failure'
import { envelope, pageOf, sendJson, site, startListener, tag, type TestListener } from '../api/support/listener'
import { makeCore } from '../support/core-harness'
import { makeAccountStore } from '../support/account-store-fixture'
import { withTempDirs } from '../support/temp-dir'
import { gate } from '../../support/gate'

const dirs = await withTempDirs()
const SITES = Array.from({ length: 40 }, (_, i) => site(i + 1))
const closers: { close(): Promise<void> }[] = []

afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c.close()))
  await dirs.cleanup()
})

/**
 * An API whose every token works, except that `hold` decides which requests wait for the gate
 * first; `refuse` decides which are answered 401.
 */
async function api(options: {
  hold?: (auth: string, url: string) => boolean
  refuse?: (auth: string, url: string) => boolean
  until?: Promise<void>
}) {
  const server = await startListener(async (req, res) => {
    const auth = req.headers.authorization ?? ''
    const url = req.url ?? ''
    if (options.hold?.(auth, url)) await (options.until ?? new Promise(() => undefined))
    if (res.destroyed) return
    if (options.refuse?.(auth, url)) return sendJson(res, 401, { message: 'Unauthenticated.' })
    const list = `http://${req.headers.host}${url.split('?')[0]}`
    if (url.includes('/logs')) return sendJson(res, 200, envelope([], 1, list))
    if (url.includes('/sites')) return sendJson(res, 200, envelope(SITES, pageOf(url), list))
    sendJson(res, 200, envelope([tag(1)], 1, list))
  })
  closers.push(server)
  return server
}

const verifyForReal = credentialsVerifier(createSiteApiClient)

function baseUrl(server: TestListener): string {
  return `${server.origin}/api/v1`
}

describe('token replacement and removal', () => {
  it('a token verified while its account is removed is not written to the keychain', async () => {
    const release = gate()
    const server = await api({ hold: (auth) => auth === 'Bearer new-token', until: release.opened })
    const { store, secrets } = makeAccountStore(await dirs.make(), verifyForReal)
    const account = await store.add({ label: 'Racing', baseUrl: baseUrl(server), token: 'old-token' })

    const replacing = failure(store.replaceToken(account.id, 'new-token'))
    await expect.poll(() => server.requests.length).toBe(2)
    await store.remove(account.id)
    release.open()

    expect((await replacing).code).toBe('not_found')
    // Nothing orphaned: the removal took the old token and the new one never arrived.
    expect(secrets.size).toBe(0)
    expect((await store.list()).accounts).toEqual([])
  })

  it('a 401 for the old token, arriving after the new one is stored, does not refuse the new one', async () => {
    const release = gate()
    const revoked = new Set<string>()
    const server = await api({
      hold: (auth, url) => auth === 'Bearer old-token' && url.includes('/sites'),
      refuse: (auth, url) => revoked.has(auth) && url.includes('/sites'),
      until: release.opened,
    })
    const { store } = makeAccountStore(await dirs.make(), verifyForReal)
    const account = await store.add({ label: 'Rotated', baseUrl: baseUrl(server), token: 'old-token' })
    const clients = new AccountClients({ store, createClient: createSiteApiClient })
    closers.push({ close: () => clients.closeAll() })

    // The server has revoked the old token; a request with it is still out.
    revoked.add('Bearer old-token')
    const stale = failure(clients.run(account.id, (client, signal) => client.listSites(1, signal)))
    await expect.poll(() => server.requests.filter((r) => r.url.includes('/sites')).length).toBe(1)
    // The person enters a new token before that request's 401 arrives.
    await store.replaceToken(account.id, 'new-token')
    release.open()

    expect((await stale).code).toBe('unauthorized')
    expect((await store.get(account.id)).tokenState).toBe('ok')

    // A 401 for the token that is current still marks the account.
    await clients.forget(account.id)
    revoked.add('Bearer new-token')
    expect((await failure(clients.run(account.id, (client, signal) => client.listSites(1, signal)))).code).toBe('unauthorized')
    expect((await store.get(account.id)).tokenState).toBe('refused')
  })
})

describe('removing an account while its calls run', () => {
  it('cancels its running sync at once and does not wait for the server', async () => {
    // The server never answers page 2: only cancelling can end the read.
    const server = await api({ hold: (_auth, url) => url.includes('/sites?page=2') })
    const { value, call, core } = makeCore(await dirs.make(), { autoSync: false })
    closers.push({ close: () => core.dispose() })
    const account = await value('accounts:add', { label: 'Busy', baseUrl: baseUrl(server), token: 'any-token' })

    const reading = call('sync:now', { accountId: account.id })
    await expect.poll(() => server.requests.some((r) => r.url.includes('/sites?page=2'))).toBe(true)
    const started = Date.now()
    await value('accounts:remove', { accountId: account.id })

    const ended = await reading
    // The sync ends as cancelled, or the account is already gone when it answers.
    expect(ended.ok ? ended.value.error?.code : ended.error.code).toMatch(/^(cancelled|not_found)$/)
    expect(Date.now() - started).toBeLessThan(1000)
    expect((await value('accounts:list')).accounts).toEqual([])
  })
})

describe('token states', () => {
  it('are read from the keychain when the list is asked for, not once per account on every change', async () => {
    const server = await api({})
    const secrets = new CountingSecretStore()
    const { store, changes } = makeAccountStore(await dirs.make(), verifyForReal, secrets)
    const accounts = []
    for (const label of ['A', 'B', 'C']) accounts.push(await store.add({ label, baseUrl: baseUrl(server), token: `token-${label}` }))

    secrets.reads = 0
    await store.list()
    expect(secrets.reads).toBe(3)

    secrets.reads = 0
    await store.rename(accounts[0]!.id, 'Renamed')
    await store.setActive(accounts[1]!.id)
    expect(secrets.reads).toBe(0)
    expect(changes.at(-1)?.accounts.map((a) => [a.label, a.tokenState])).toEqual([
      ['Renamed', 'ok'],
      ['B', 'ok'],
      ['C', 'ok'],
    ])

    // The keychain changed behind the app's back: the next list shows it.
    await secrets.delete(accounts[2]!.id)
    expect((await store.list()).accounts.map((a) => a.tokenState)).toEqual(['ok', 'ok', 'missing'])
  })
})

/** Counts keychain reads. */
class CountingSecretStore extends MemorySecretStore {
  reads = 0

  override async get(accountId: string): Promise<string | null> {
    this.reads++
    return super.get(accountId)
  }
}

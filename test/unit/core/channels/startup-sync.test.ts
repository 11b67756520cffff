// The app opens with what it knows: at start, core serves the window's first read (the scope's
// summary, its rows) before
// the start-up sync begins (a sync of thousands of pages keeps core busy), and syncs anyway
// after a moment when no window asks.
import { afterEach, expect, it } from 'vitest'
import type { Core } from '../../../../src/core'
import { EMPTY_FILTER } from '../../../../src/shared'
import { MemorySecretStore } from '../../../../src/core/secrets'
import { envelope, pageOf, sendJson, site, startListener, tag, type TestListener } from '../api/support/listener'
import { makeCore, storedAccount } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'

const dirs = await withTempDirs()
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!()
  await dirs.cleanup()
})

const SITES = Array.from({ length: 20 }, (_, i) => site(i + 1))

async function api(): Promise<TestListener> {
  const server = await startListener((req, res) => {
    const url = req.url ?? ''
    const list = `http://${req.headers.host}${url.split('?')[0]}`
    if (url.includes('/logs')) return sendJson(res, 200, envelope([], 1, list))
    if (url.includes('/sites')) return sendJson(res, 200, envelope(SITES, pageOf(url), list))
    sendJson(res, 200, envelope([tag(1)], 1, list))
  })
  cleanups.push(() => server.close())
  return server
}

/** An account added (and not synced) by an earlier run of the app over the same data folder. */
async function earlierRun(server: TestListener, secretStore: MemorySecretStore) {
  const dataDir = await dirs.make()
  const first = makeCore(dataDir, { secretStore, autoSync: false })
  const account = await first.value('accounts:add', { label: 'A', baseUrl: `${server.origin}/api/v1`, token: 'a-token' })
  await first.core.dispose()
  server.requests.splice(0)
  return { dataDir, account }
}

function started(core: Core): void {
  cleanups.push(() => core.dispose())
}

/** The app started again over the earlier run's data folder; `options` for the start-up sync's waits. */
async function reopened(options: { syncStartDelayMs: number; syncAfterFirstReadMs?: number }) {
  const server = await api()
  const secretStore = new MemorySecretStore()
  const { dataDir, account } = await earlierRun(server, secretStore)
  const app = makeCore(dataDir, { secretStore, ...options })
  started(app.core)
  return { server, account, app }
}

const readsSites = (server: TestListener) => server.requests.some((r) => r.url.includes('/sites?page=1'))

/** A few turns of the event loop, then: the start-up sync has not begun (it says so at once when it does). */
async function expectNoSyncYet(app: ReturnType<typeof makeCore>, server: TestListener): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
  expect(app.pushesOf('sync:state').filter((s) => s.status === 'syncing')).toEqual([])
  expect(server.requests).toEqual([])
}

it("serves the window's first read before the start-up sync sends anything, then syncs", async () => {
  const { server, account, app } = await reopened({ syncStartDelayMs: 60_000 })
  await app.value('accounts:list')
  expect(server.requests).toEqual([])
  expect((await storedAccount(app.value, account.id)).sites).toEqual([])

  await expect.poll(() => readsSites(server), { timeout: 5_000 }).toBe(true)
  await expect.poll(async () => (await storedAccount(app.value, account.id)).sites.length).toBe(20)
})

it('syncs at start after a moment when no window reads the store', async () => {
  const { server, account, app } = await reopened({ syncStartDelayMs: 20 })
  await expect.poll(() => app.pushesOf('sync:state').some((s) => s.accountId === account.id && s.status === 'idle' && s.lastSyncedAt !== null)).toBe(true)
  expect(readsSites(server)).toBe(true)
})

it.each(['sites:query', 'workspace:scope'] as const)('counts a first %s as the window\'s first read', async (channel) => {
  const { server, account, app } = await reopened({ syncStartDelayMs: 60_000 })
  const input =
    channel === 'sites:query'
      ? { scope: [account.id], filter: EMPTY_FILTER, sort: [], offset: 0, limit: 50 }
      : { scope: [account.id] }
  await app.value(channel, input)
  // Not at once: the window draws its first read before the sync's own start-up work (the HTTP
  // client loaded, tokens read) holds core up.
  await expectNoSyncYet(app, server)
  await expect.poll(() => readsSites(server), { timeout: 5_000 }).toBe(true)
})

it("does not count core's own warm-up of the kept first calls as the window's first read", async () => {
  // No wait after a first read here: had the warm-up counted as one, the sync would begin at once.
  const { server, account, app } = await reopened({ syncStartDelayMs: 60_000, syncAfterFirstReadMs: 0 })
  const input = { scope: [account.id], filter: EMPTY_FILTER, sort: [], offset: 0, limit: 50 }
  await app.core.warmUpHandlers!['sites:query'](input)
  await app.core.warmUpHandlers!['workspace:scope']({ scope: [account.id] })
  await new Promise((resolve) => setTimeout(resolve, 50))
  await expectNoSyncYet(app, server)
  // The window's own first read starts it.
  await app.value('sites:query', input)
  await expect.poll(() => readsSites(server)).toBe(true)
})

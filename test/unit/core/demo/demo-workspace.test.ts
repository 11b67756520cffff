// The demo workspace through core's channels: a real reference server started inside core,
// its data in <dataDir>/demo, persisting across a restart, removed cleanly.
import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Core } from '../../../../src/core'
import { startReferenceDemoServer, type StartDemoServer } from '../../../../src/core/demo'
import { MemorySecretStore } from '../../../../src/core/secrets'
import type { Account } from '../../../../src/shared'
import { makeCore, storedAccount } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'
import { LockedSecretStore } from '../support/throwing-secret-store'
import { gate } from '../../support/gate'

const dirs = await withTempDirs()
const cores: Core[] = []

afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.dispose()))
  await dirs.cleanup()
})

function start(dataDir: string, options: Parameters<typeof makeCore>[1] = {}) {
  const harness = makeCore(dataDir, options)
  cores.push(harness.core)
  return harness
}

async function stopped(core: Core): Promise<void> {
  cores.splice(cores.indexOf(core), 1)
  await core.dispose()
}

/** True when something answers HTTP at the address. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) })
    return true
  } catch {
    return false
  }
}

describe('demo workspace', () => {
  it('opens a seeded portfolio on loopback, without the keychain, as the active account', async () => {
    const dataDir = await dirs.make()
    // A locked keychain everywhere: the demo must not need it.
    const { value } = start(dataDir, { secretStore: new LockedSecretStore() })

    const demo = await value('demo:open')

    expect(demo).toMatchObject({ label: 'Demo', kind: 'demo', tokenState: 'ok' })
    expect(demo.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)
    expect(await value('accounts:list')).toEqual({ accounts: [demo], lastActiveId: demo.id })

    await value('sync:now', { accountId: demo.id })
    const snapshot = await storedAccount(value, demo.id)
    const sites = snapshot.sites
    expect(sites).toHaveLength(60)
    expect(new Set(sites.flatMap((s) => s.tags.map((t) => t.name))).size).toBeGreaterThan(2)
    expect(new Set(sites.map((s) => s.server.php)).size).toBeGreaterThan(2)
    expect(sites.some((s) => (s.updates_count ?? 0) > 0)).toBe(true)
    expect(sites.some((s) => s.last_check_at === null)).toBe(true)
    expect(snapshot.eventCount).toBeGreaterThan(100)

    // Its token is local to the demo folder, readable by its owner only.
    const token = await stat(join(dataDir, 'demo', 'token'))
    expect(token.mode & 0o777).toBe(0o600)
    expect(await readFile(join(dataDir, 'accounts.json'), 'utf8')).not.toContain(
      (await readFile(join(dataDir, 'demo', 'token'), 'utf8')).trim(),
    )

    // Opening again reuses the running server.
    expect((await value('demo:open')).baseUrl).toBe(demo.baseUrl)
  })

  it('keeps its data across a restart and starts its server lazily on first use', async () => {
    const dataDir = await dirs.make()
    const first = start(dataDir)
    const demo = await first.value('demo:open')
    const tag = await first.value('tags:create', { accountId: demo.id, name: 'Kept across restarts' })
    await first.value('sync:now', { accountId: demo.id })
    const sitesBefore = (await storedAccount(first.value, demo.id)).sites
    await stopped(first.core)
    expect(await answers(demo.baseUrl)).toBe(false)

    const second = start(dataDir)
    const listed = await second.value('accounts:list')
    expect(listed.accounts.map((a) => a.id)).toEqual([demo.id])
    expect(listed.lastActiveId).toBe(demo.id)

    // The store has it before any network call; the first sync starts its server.
    const stored = await storedAccount(second.value, demo.id)
    expect(stored.sites.map((s) => [s.id, s.name, s.url])).toEqual(sitesBefore.map((s) => [s.id, s.name, s.url]))
    expect(await second.value('sync:now', { accountId: demo.id })).toMatchObject({ status: 'idle', error: null })
    const sitesAfter = (await storedAccount(second.value, demo.id)).sites
    expect(sitesAfter.map((s) => [s.id, s.name, s.url])).toEqual(sitesBefore.map((s) => [s.id, s.name, s.url]))
    expect((await storedAccount(second.value, demo.id)).tags.map((t) => t.id)).toContain(tag.id)
    const moved = (await second.value('accounts:list')).accounts[0]
    expect(moved?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)
    expect(await answers(moved?.baseUrl ?? '')).toBe(true)
  })

  it('syncs the new events of its monitoring simulation into the store and pushes them', async () => {
    const { value, pushesOf } = start(await dirs.make(), { demoMonitoringIntervalMs: 1000 })
    const demo = await value('demo:open')

    await expect.poll(() => pushesOf('events:new').length, { timeout: 10_000 }).toBeGreaterThan(0)
    const pushed = pushesOf('events:new')[0]
    expect(pushed?.accountId).toBe(demo.id)
    expect(pushed?.events.length).toBeGreaterThan(0)
    // The newest event of the pass is the newest the API lists (the next pass is a second away).
    const newestPushed = Math.max(...(pushed?.events ?? []).map((e) => e.id))
    const newestStored = (await value('events:query', { scope: [demo.id], limit: 1 })).events[0]
    expect(newestStored?.id).toBeGreaterThanOrEqual(newestPushed)
  })

  it('opens straight into the demo with openDemoOnStart', async () => {
    const dataDir = await dirs.make()
    const secretStore = new MemorySecretStore()
    const { value } = start(dataDir, { openDemoOnStart: true, secretStore })

    const state = await value('accounts:list')
    const demo = state.accounts[0] as Account
    expect(state.accounts).toHaveLength(1)
    expect(demo.kind).toBe('demo')
    expect(state.lastActiveId).toBe(demo.id)
    expect(await answers(demo.baseUrl)).toBe(true)
    expect(secretStore.size).toBe(0)
  })

  it('removing the Demo account stops its server and deletes its data', async () => {
    const dataDir = await dirs.make()
    const { value, call } = start(dataDir)
    const demo = await value('demo:open')
    await value('sync:now', { accountId: demo.id })
    expect(await answers(demo.baseUrl)).toBe(true)

    await value('accounts:remove', { accountId: demo.id })

    expect(await answers(demo.baseUrl)).toBe(false)
    expect(await readdir(dataDir)).not.toContain('demo')
    expect(await value('accounts:list')).toEqual({ accounts: [], lastActiveId: null })
    expect(await call('workspace:scope', { scope: [demo.id] })).toMatchObject({ ok: false, error: { code: 'not_found' } })

    // Opening it again makes a fresh one.
    const again = await value('demo:open')
    expect(again.id).not.toBe(demo.id)
    await value('sync:now', { accountId: again.id })
    expect((await storedAccount(value, again.id)).sites).toHaveLength(60)
  })

  it('a call arriving while the Demo account is being removed does not bring its server back', async () => {
    const dataDir = await dirs.make()
    const release = gate()
    const servers = trackedServers({ beforeClose: release.opened })
    const { value, call } = start(dataDir, { startDemoServer: servers.start, autoSync: false })
    const demo = await value('demo:open')
    await value('sync:now', { accountId: demo.id })

    const removing = call('accounts:remove', { accountId: demo.id })
    await expect.poll(() => servers.closing).toBe(1)
    // The demo's server is stopping; a call for the demo arrives now.
    const late = call('sync:now', { accountId: demo.id })
    release.open()

    expect(await removing).toEqual({ ok: true, value: undefined })
    expect(await late).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(servers.started).toBe(1)
    expect(servers.open).toBe(0)
    expect(await readdir(dataDir)).not.toContain('demo')
    expect(await value('accounts:list')).toEqual({ accounts: [], lastActiveId: null })
  })

  it('a call whose lazy start is under way when the account is removed leaves nothing running', async () => {
    // The demo servers' monitoring intervals run on a clock the test moves (HTTP stays real).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    onTestFinished(() => void vi.useRealTimers())
    const dataDir = await dirs.make()
    const first = start(dataDir)
    const demo = await first.value('demo:open')
    await stopped(first.core)

    const release = gate()
    const servers = trackedServers({ beforeStart: release.opened })
    const { value, call, pushesOf } = start(dataDir, { startDemoServer: servers.start, demoMonitoringIntervalMs: 200, autoSync: false })
    const reading = call('sync:now', { accountId: demo.id })
    await expect.poll(() => servers.starting).toBe(1)
    const removing = call('accounts:remove', { accountId: demo.id })
    release.open()

    expect(await removing).toEqual({ ok: true, value: undefined })
    const read = await reading
    // Either the sync found the account gone, or it ended failed because the demo was removed.
    expect(read.ok ? read.value.error?.code : read.error.code).toMatch(/^(not_found|cancelled)$/)
    expect(servers.open).toBe(0)
    expect(await readdir(dataDir)).not.toContain('demo')
    expect(await value('accounts:list')).toEqual({ accounts: [], lastActiveId: null })
    // No monitoring of a server for the removed account goes on pushing events: no interval is
    // left anywhere, and moving the clock on starts no pass.
    expect(vi.getTimerCount()).toBe(0)
    const pushed = pushesOf('events:new').length
    vi.advanceTimersByTime(600)
    expect(pushesOf('events:new')).toHaveLength(pushed)
  })
})

/** The real demo server, counted, with optional holds before it starts and before it closes. */
function trackedServers(holds: { beforeStart?: Promise<void>; beforeClose?: Promise<void> }) {
  const counts = { starting: 0, started: 0, closing: 0, open: 0 }
  const start: StartDemoServer = async (options) => {
    counts.starting++
    await holds.beforeStart
    const server = await startReferenceDemoServer(options)
    counts.started++
    counts.open++
    return {
      baseUrl: server.baseUrl,
      onEvents: (listener) => server.onEvents(listener),
      close: async () => {
        counts.closing++
        await holds.beforeClose
        await server.close()
        counts.open--
      },
    }
  }
  return Object.assign(counts, { start })
}

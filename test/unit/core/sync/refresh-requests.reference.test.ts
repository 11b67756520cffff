// What one Refresh sends: the whole core (createCore) against the reference server over
// loopback, counting the requests the server receives. One Refresh sent
// GET /sites?page=1 twice, and with the server down one Refresh sent 8 requests for /sites.
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { startReferenceServer } from '../../../../src/reference-server'
import { makeCore } from '../support/core-harness'
import { ACCOUNT, closeHarnesses, makeHarness } from './support/engine-harness'
import { ManualClock } from './support/manual-clock'
import { withTempDirs } from '../support/temp-dir'

const TOKEN = 'refresh-requests-token-0123456789'
const dirs = await withTempDirs()
const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  await closeHarnesses()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  await dirs.cleanup()
})

async function setUp(sites: number) {
  const reference = await startReferenceServer({ seed: 'refresh-requests', sites, events: 5, accounts: 1, tokens: [TOKEN] })
  cleanups.push(() => reference.close())
  const app = makeCore(await dirs.make(), { autoSync: false })
  cleanups.push(() => app.core.dispose())
  const account = await app.value('accounts:add', { label: 'Work', baseUrl: reference.baseUrl, token: TOKEN })
  return { reference, app, accountId: account.id }
}

const count = (log: readonly string[], line: string) => log.filter((entry) => entry === line).length

describe('one Refresh', () => {
  it('sends exactly one GET /sites?page=1, /tags?page=1 and /logs?page=1 for a one-page account', async () => {
    const { reference, app, accountId } = await setUp(10)
    // The first sync that adding the account starts, out of the way.
    await expect.poll(async () => (await app.value('sync:states')).find((s) => s.accountId === accountId)?.lastSyncedAt ?? null).not.toBeNull()
    const before = reference.requestLog().length
    const state = await app.value('sync:now', { accountId })
    expect(state.status).toBe('idle')
    const sent = reference.requestLog().slice(before)
    expect(count(sent, 'GET /api/v1/sites?page=1')).toBe(1)
    expect(count(sent, 'GET /api/v1/tags?page=1')).toBe(1)
    expect(count(sent, 'GET /api/v1/logs?page=1')).toBe(1)
    expect(sent).toHaveLength(3)
  })
})

describe('one Refresh with the API server failing', () => {
  it('asks only for the first page of sites, 4 times at most (1 try and 3 backed-off retries), then fails', async () => {
    const { reference, app, accountId } = await setUp(10)
    await expect.poll(async () => (await app.value('sync:states')).find((s) => s.accountId === accountId)?.lastSyncedAt ?? null).not.toBeNull()
    // What a server behind a proxy answers while it is down.
    reference.setFaults({ failureRate: 1, failureStatuses: [503] })
    const before = reference.requestLog().length
    const state = await app.value('sync:now', { accountId })
    expect(state).toMatchObject({ status: 'failed', error: { code: 'server', status: 503 } })
    const sent = reference.requestLog().slice(before)
    expect(sent).toEqual(Array.from({ length: 4 }, () => 'GET /api/v1/sites?page=1'))
    // Nothing more goes out by itself afterwards: a retry would follow within milliseconds on
    // loopback (the client has given up; core schedules no resume for a server error).
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(reference.requestLog()).toHaveLength(before + 4)
  })
})

describe('background syncs asked for while a Refresh reads', () => {
  async function reading() {
    const reference = await startReferenceServer({ seed: 'refresh-requests', sites: 10, events: 5, accounts: 1, tokens: [TOKEN] })
    cleanups.push(() => reference.close())
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: TOKEN })
    reference.setFaults({ latencyMs: 60 })
    const refresh = h.engine.syncNow(ACCOUNT)
    await expect.poll(() => h.callsOf('readAllSites').length, { interval: 5 }).toBe(1)
    return { reference, h, refresh }
  }

  it('join it: the start-up sync, the interval and a new account read nothing more', async () => {
    const { reference, h, refresh } = await reading()
    const before = reference.requestLog().length
    h.engine.start()
    h.engine.accountAdded(ACCOUNT)
    expect(await refresh).toMatchObject({ status: 'idle' })
    // A second sync, were one queued, starts as the first ends (no timer delays it): a few
    // milliseconds let it reach readAllSites.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(h.callsOf('readAllSites')).toHaveLength(1)
    expect(count(reference.requestLog(), 'GET /api/v1/sites?page=1')).toBe(1)
    // Besides that page (which, slowed by the latency, may reach the server after `before` was
    // read), only the Refresh's own first pages of tags and events.
    expect(reference.requestLog().slice(before).filter((line) => line !== 'GET /api/v1/sites?page=1').length).toBeLessThanOrEqual(2)
  })

  it('but a change made through the app meanwhile is followed by one more sync', async () => {
    const { h, refresh } = await reading()
    h.engine.tagCreated(ACCOUNT, { id: 9999, name: 'Made meanwhile', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' })
    expect(await refresh).toMatchObject({ status: 'idle' })
    await expect.poll(() => h.callsOf('readAllSites').length).toBe(2)
    await expect.poll(() => h.engine.state(ACCOUNT).status).toBe('idle')
  })
})

describe('one Refresh with the API server unreachable', () => {
  it('opens 4 connections at most (1 try and 3 backed-off retries of the first request), then fails with network', async () => {
    // Accepts every connection and drops it at once: the network-level failure a stopped or
    // restarting server behind a proxy gives, with the connections counted.
    let connections = 0
    const dropper = createServer((socket: Socket) => {
      connections++
      socket.destroy()
    })
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise((resolve) => dropper.close(() => resolve())))
    const { port } = dropper.address() as AddressInfo
    // The engine's timers on a clock only the test moves: none can start anything behind its back.
    const clock = new ManualClock()
    const h = await makeHarness({ baseUrl: `http://127.0.0.1:${port}/api/v1`, token: TOKEN, clock })
    const state = await h.engine.syncNow(ACCOUNT)
    expect(state).toMatchObject({ status: 'failed', error: { code: 'network' } })
    expect(connections).toBe(4)
    // Tags and events were never asked for: they wait for the server's first answer.
    expect(h.callsOf('readAllTags')).toHaveLength(0)
    expect(h.callsOf('listEvents')).toHaveLength(0)
    // Nothing is left scheduled to try again by itself.
    expect(clock.pending).toBe(0)
    expect(connections).toBe(4)
  })
})

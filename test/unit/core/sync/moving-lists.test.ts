// Syncs of lists that change while they are read, and under a server's rate limit: scripted
// servers (node:http on loopback) that do what the reference server does not do on its own.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startReferenceServer, type RunningReferenceServer } from '../../../../src/reference-server'
import { MOVING_NOTICE } from '../../../../src/core/sync/account-sync'
import { envelope, pageOf, sendJson, site, startListener, tag, type TestListener } from '../api/support/listener'
import { ACCOUNT, closeHarnesses, makeHarness } from './support/engine-harness'
import { fakeTiming } from '../api/support/fake-timing'

const opened: { close(): Promise<void> }[] = []

afterEach(async () => {
  await closeHarnesses()
  await Promise.all(opened.splice(0).map((o) => o.close()))
})

const sitesFrom = (first: number, count: number) => Array.from({ length: count }, (_, i) => site(first + i))
const ids = (list: { id: number }[]) => list.map((item) => item.id).sort((a, b) => a - b)

/** A server of one account: sites from `sites()`, two tags, no events. */
async function scripted(onSites: (req: IncomingMessage, res: ServerResponse, page: number) => void): Promise<TestListener> {
  const server = await startListener((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const page = pageOf(req.url)
    if (path === '/v1/sites') return onSites(req, res, page)
    if (path === '/v1/tags') return sendJson(res, 200, envelope([tag(1), tag(2)], page, 'http://x/v1/tags'))
    if (path === '/v1/logs') return sendJson(res, 200, envelope([], page, 'http://x/v1/logs'))
    return sendJson(res, 404, { message: 'Not Found' })
  })
  opened.push(server)
  return server
}

describe('a sites list that changes while it is read', () => {
  it('ends with every site when two new ones are put first between page requests', async () => {
    let sites = sitesFrom(1, 34)
    let served = 0
    const server = await scripted((_req, res, page) => {
      sendJson(res, 200, envelope(sites, page, 'http://x/v1/sites'))
      // Once page 1 went out, two new sites go first: the read of pages 2 and 3 misses two.
      if (++served === 1) sites = [site(901), site(902), ...sitesFrom(1, 34)]
    })
    const h = await makeHarness({ baseUrl: `${server.origin}/v1`, token: 't' })

    const state = await h.engine.syncNow(ACCOUNT)

    expect(state).toMatchObject({ status: 'idle', notice: null })
    expect(h.store.sites(ACCOUNT)).toHaveLength(36)
    expect(ids(h.store.sites(ACCOUNT))).toEqual(ids(sites))
    expect(h.store.recentChanges(ACCOUNT, 1)[0]?.sitesAdded).toEqual(ids(sites))
  })

  it('completes with what it read and tells the person when the list kept moving', async () => {
    let sites = sitesFrom(1, 30)
    let front = 901
    let end = 951
    const server = await scripted((_req, res, page) => {
      sendJson(res, 200, envelope(sites, page, 'http://x/v1/sites'))
      sites = [site(front++), ...sites, site(end++)]
    })
    const h = await makeHarness({ baseUrl: `${server.origin}/v1`, token: 't' })

    const state = await h.engine.syncNow(ACCOUNT)

    expect(state).toMatchObject({ status: 'idle', error: null, notice: MOVING_NOTICE })
    expect(state.lastSyncedAt).not.toBeNull()
    expect(h.store.sites(ACCOUNT).length).toBeGreaterThan(30)

    // A later sync of a list that holds still clears the notice.
    const still = [...sites]
    const quiet = await scripted((_req, res, page) => sendJson(res, 200, envelope(still, page, 'http://x/v1/sites')))
    const again = await makeHarness({ baseUrl: `${quiet.origin}/v1`, token: 't' })
    expect(await again.engine.syncNow(ACCOUNT)).toMatchObject({ status: 'idle', notice: null })
  })
})

/**
 * A fake clock that moves only when the client waits; each time it moves, the server's rate
 * window starts afresh (onMove), as the minute the pacer waited for would.
 */
function windowClock(onMove: () => void) {
  return fakeTiming({ onSleep: (ms) => (ms > 0 ? onMove() : undefined) })
}

describe('a sync under the server rate limit', () => {
  it('meets no 429: it spends the budget, then waits for the window', async () => {
    const limit = 6
    const reference: RunningReferenceServer = await startReferenceServer({
      seed: 'sync-rate',
      sites: 40,
      events: 60,
      accounts: 1,
      tokens: ['rate-token'],
      faults: { rateLimitPerMinute: limit },
    })
    opened.push(reference)
    const timing = windowClock(() => {
      reference.setFaults({ rateLimitPerMinute: null })
      reference.setFaults({ rateLimitPerMinute: limit })
    })
    // No retries: one 429 would fail the sync.
    const h = await makeHarness({ baseUrl: reference.baseUrl, token: 'rate-token', client: { timing, maxRetries: 0 } })

    const state = await h.engine.syncNow(ACCOUNT)

    expect(state).toMatchObject({ status: 'idle', error: null })
    expect(h.store.sites(ACCOUNT)).toHaveLength(40)
    expect(h.store.eventCount(ACCOUNT)).toBe(60)
    // 3 pages of sites, 1 of tags, 4 of events: more than one window of 6.
    expect(reference.requestCount()).toBe(8)
    expect(timing.sleeps.length).toBeGreaterThanOrEqual(1)
    for (const ms of timing.sleeps) expect(ms).toBeGreaterThanOrEqual(59_000)
  })
})

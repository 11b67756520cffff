import { afterEach, describe, expect, it, vi } from 'vitest'
import { keyOf } from '../../../../src/shared'
import { LoopbackServers } from './support/loopback-servers'
import { account, DEMO, healthFixture, REMOTE, siteAt } from './support/health-fixture'

const servers = new LoopbackServers()
const fixtures: { dispose(): Promise<void>; errors: unknown[] }[] = []
afterEach(async () => {
  const made = fixtures.splice(0)
  await Promise.all(made.map((f) => f.dispose()))
  expect(made.flatMap((f) => f.errors)).toEqual([])
  await servers.closeAll()
})

function fixture(...args: Parameters<typeof healthFixture>) {
  const made = healthFixture(...args)
  fixtures.push(made)
  return made
}

describe('HealthService with a real account', () => {
  it('calls a site Down after two failures a minute apart, tells once, and tells when it is back with the downtime', async () => {
    let up = true
    const port = await servers.http((_req, res) => res.writeHead(up ? 200 : 503).end('Opening hours'))
    const f = fixture([account(REMOTE, 'remote')], { onlyChecks: ['reachability'] })
    f.setSites(REMOTE, [siteAt(1, `http://site.test:${port}/`)])
    await f.service.runCycle()
    expect(f.store.state(REMOTE, 1, 'reachability')?.level).toBe('ok')

    up = false
    f.clock.advance(5 * 60_000)
    await f.service.runCycle()
    expect(f.store.state(REMOTE, 1, 'reachability')).toMatchObject({ level: 'unknown', cause: null })
    expect(f.pushesOf('attention:summary')).toEqual([])

    // Not due again before a minute has passed; then the second failure makes it Down.
    f.clock.advance(30_000)
    expect((await f.service.runCycle()).jobs).toBe(0)
    f.clock.advance(30_000)
    await f.service.runCycle()
    const scope = f.service.scope([REMOTE])
    expect(scope.counts.down).toBe(1)
    expect(scope.sites[keyOf(REMOTE, 1)]?.[0]).toMatchObject({ cause: 'down', level: 'error' })
    expect(f.pushesOf('health:changed').at(-1)).toEqual({ accountIds: [REMOTE] })
    expect(f.pushesOf('attention:summary')).toHaveLength(1)
    expect(f.pushesOf('attention:summary')[0]).toMatchObject({ title: 'Agency: 1 site is down', body: 'Down: Site 1', query: { health: 'down' }, health: { down: 1 } })

    up = true
    f.clock.advance(60_000)
    await f.service.runCycle()
    const back = f.pushesOf('attention:summary').at(-1)
    expect(back?.body).toBe('Back up: Site 1 after 1 min')
    const site = f.service.site(REMOTE, 1, false)
    expect(site.incidents).toHaveLength(1)
    expect(site.incidents[0]).toMatchObject({ check: 'reachability', cause: 'down' })
    expect(site.incidents[0]?.to).not.toBeNull()
    expect(site.uptime.days7).toBeGreaterThan(0)
    expect(site.uptime.days7).toBeLessThan(100)
    expect(site.responseTimes.hours7.reduce((n, p) => n + p.checks, 0)).toBe(4)
    expect(f.service.scope([REMOTE]).sites).toEqual({})
  })

  it('confirms a first failure a minute later by itself, not at the tick after', async () => {
    let up = true
    const port = await servers.http((_req, res) => res.writeHead(up ? 200 : 503).end('Maintenance'))
    const f = fixture([account(REMOTE, 'remote')], { onlyChecks: ['reachability'] })
    f.setSites(REMOTE, [siteAt(1, `http://site.test:${port}/`)])
    const t0 = f.clock.now()
    f.service.start(1000)
    f.clock.advance(1000)
    await vi.waitFor(() => expect(f.store.state(REMOTE, 1, 'reachability')?.level).toBe('ok'))
    // Between two ticks (every minute from 1 s), a change of the site's text checks it again: it fails.
    up = false
    f.clock.advance(30_000)
    f.service.updateSettings({ site: { site: keyOf(REMOTE, 1), lookFor: 'Opening hours' } })
    f.clock.advance(1000)
    await vi.waitFor(() => expect(f.store.state(REMOTE, 1, 'reachability')).toMatchObject({ level: 'unknown', cause: null }))
    // The tick at 61 s finds it not due yet (29 s after the failure); the confirmation comes at
    // 93 s, a minute and a second after the failure, long before the tick at 121 s.
    f.clock.advance(29_000)
    await vi.waitFor(() => expect(f.store.state(REMOTE, 1, 'reachability')?.details).toMatchObject({ failuresInRow: 1 }))
    f.clock.advance(32_000)
    await vi.waitFor(() => expect(f.store.state(REMOTE, 1, 'reachability')).toMatchObject({ level: 'error', cause: 'down' }))
    expect(f.clock.now() - t0).toBeLessThan(121_000)
    expect(f.pushesOf('attention:summary').at(-1)).toMatchObject({ title: 'Agency: 1 site is down' })
  })

  it('looks for the keyword the person set, and leaves out sites and accounts turned off', async () => {
    const port = await servers.http((_req, res) => res.end('Closed for the holidays'))
    const f = fixture([account(REMOTE, 'remote')], { onlyChecks: ['reachability'] })
    f.setSites(REMOTE, [siteAt(1, `http://site.test:${port}/`), siteAt(2, `http://site.test:${port}/two`)])
    f.service.updateSettings({ site: { site: keyOf(REMOTE, 1), lookFor: 'Opening hours' } })
    f.service.updateSettings({ site: { site: keyOf(REMOTE, 2), enabled: false } })
    const cycle = await f.service.runCycle()
    expect(cycle.jobs).toBe(1)
    expect(f.service.scope([REMOTE]).counts.keywordMissing).toBe(1)
    expect(f.service.settings().sites).toEqual({ [keyOf(REMOTE, 1)]: { enabled: true, lookFor: 'Opening hours' }, [keyOf(REMOTE, 2)]: { enabled: false, lookFor: null } })

    f.service.updateSettings({ account: { accountId: REMOTE, enabled: false } })
    f.clock.advance(10 * 60_000)
    expect((await f.service.runCycle()).jobs).toBe(0)
    expect(f.service.scope([REMOTE]).sites).toEqual({})
  })

  it('runs the daily checks once a day, end of life without the network, RDAP through a bootstrap file fetched once', async () => {
    const port = await servers.http((_req, res) => res.end('ok'))
    const rdapAsked: string[] = []
    const rdap = await servers.http((req, res) => {
      rdapAsked.push(req.url ?? '')
      res.end(JSON.stringify({ events: [{ eventAction: 'expiration', eventDate: '2030-01-01T00:00:00Z' }] }))
    })
    let bootstrapFetched = 0
    const bootstrap = await servers.http((_req, res) => {
      bootstrapFetched++
      res.end(JSON.stringify({ services: [[['test'], [`http://127.0.0.1:${rdap}/`]]] }))
    })
    const f = fixture([account(REMOTE, 'remote')], { bootstrapUrl: `http://127.0.0.1:${bootstrap}/dns.json` })
    f.setSites(REMOTE, [siteAt(1, `http://site.test:${port}/`, { ip: '127.0.0.2', php: '7.4.33', mysql: '10.6.17-MariaDB' })])
    await f.service.runCycle()
    const checks = f.service.site(REMOTE, 1, false).checks.map((c) => `${c.check}:${c.cause ?? c.level}`).sort()
    // An http site has no TLS check.
    expect(checks).toEqual(['dns:dnsElsewhere', 'domain:ok', 'eol:endOfLife', 'reachability:ok'])
    expect(rdapAsked).toEqual(['/domain/site.test'])
    f.clock.advance(5 * 60_000)
    expect((await f.service.runCycle()).jobs).toBe(1)
    f.clock.advance(24 * 60 * 60_000)
    expect((await f.service.runCycle()).jobs).toBe(3)
    expect(rdapAsked).toHaveLength(2)
    expect(bootstrapFetched).toBe(1)
  })

  it('records nothing of the network while offline, and no burst of failures as sites down', async () => {
    const closed = await servers.closedPort()
    const f = fixture([account(REMOTE, 'remote')], { onlyChecks: ['reachability', 'eol'], isOnline: () => false })
    f.setSites(REMOTE, Array.from({ length: 6 }, (_, i) => siteAt(i + 1, `http://127.0.0.1:${closed}/${i}`, { php: '8.4.1' })))
    const offline = await f.service.runCycle()
    expect(offline.jobs).toBe(0)
    expect(f.store.state(REMOTE, 1, 'reachability')).toBeUndefined()
    expect(f.store.state(REMOTE, 1, 'eol')?.level).toBe('ok')

    const online = fixture([account(REMOTE, 'remote')], { onlyChecks: ['reachability'] })
    online.setSites(REMOTE, Array.from({ length: 6 }, (_, i) => siteAt(i + 1, `http://127.0.0.1:${closed}/${i}`)))
    const all = await online.service.runCycle()
    expect(all).toMatchObject({ jobs: 6, offline: true, recorded: 0 })
  })
})

describe('HealthService, what goes wrong inside', () => {
  it('writes down, once per cycle, the checks the loopback-only network refused, and records nothing for them', async () => {
    const f = fixture([account(REMOTE, 'remote')], { onlyChecks: ['reachability'] })
    f.setSites(REMOTE, [1, 2, 3].map((id) => siteAt(id, `https://www${id}.example.com/`)))
    await f.service.runCycle()
    const errors = f.errors.splice(0)
    expect(errors).toHaveLength(1)
    expect(String((errors[0] as Error).message)).toMatch(/^3 health checks failed inside the app; the first: The loopback-only health network refused a DNS query for www\d\.example\.com/)
    expect(f.store.state(REMOTE, 1, 'reachability')).toBeUndefined()
  })

  it('records nothing of the checks that closing the app cut short', async () => {
    const port = await servers.silent()
    const f = fixture([account(REMOTE, 'remote')], { onlyChecks: ['reachability'] })
    f.setSites(REMOTE, [siteAt(1, `http://127.0.0.1:${port}/`)])
    const cycle = f.service.runCycle()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await f.service.dispose()
    expect((await cycle).recorded).toBe(0)
    expect(f.store.state(REMOTE, 1, 'reachability')).toBeUndefined()
  })
})

describe('HealthService with the demo', () => {
  it('never touches the network, and shows every kind of finding at once', async () => {
    const f = fixture([account(DEMO, 'demo')])
    const hosts = ['alpine-bakery.com', 'harbor-dental.de', 'maple-law.co.uk', 'northwind-yoga.nl', 'bluebird-hotel.org']
    f.setSites(
      DEMO,
      Array.from({ length: 20 }, (_, i) =>
        siteAt(i + 1, `https://www.${i}-${hosts[i % hosts.length]}/`, { ip: '192.0.2.10', php: i % 4 === 0 ? '7.4.33' : '8.3.9', mysql: '10.11.7-MariaDB' }),
      ),
    )
    // The loopback-only network would throw for any of these names: a cycle that ends proves none was asked.
    const cycle = await f.service.runCycle()
    expect(cycle.jobs).toBe(0)
    const { counts } = f.service.scope([DEMO])
    expect(counts.down).toBe(3)
    expect(counts.slow).toBe(1)
    expect(counts.certificateExpiring).toBe(1)
    expect(counts.keywordMissing).toBe(1)
    expect(counts.dnsElsewhere).toBe(1)
    expect(counts.endOfLife).toBe(5)
    expect(f.service.site(DEMO, 7, true).lookFor).toBe('Opening hours')
    const site = f.service.site(DEMO, 2, true)
    expect(site.simulated).toBe(true)
    expect(site.incidents[0]).toMatchObject({ cause: 'down', to: null })
  })
})

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { applyFailureRule, attemptReachability, MAX_BODY_BYTES, type ReachabilityOptions } from '../../../../src/core/health/reachability-check'
import { loopbackNetwork } from '../../../../src/core/health/health-network'
import type { HealthCheckState } from '../../../../src/shared/health'
import { LoopbackServers } from './support/loopback-servers'
import { makeTestCertificates, type TestCertificates } from './support/test-certificates'

const servers = new LoopbackServers()
let certs: TestCertificates
beforeAll(() => {
  certs = makeTestCertificates()
})
afterAll(() => certs.dispose())
afterEach(() => servers.closeAll())

function options(patch: Partial<ReachabilityOptions> = {}): ReachabilityOptions {
  return { network: loopbackNetwork({ hosts: { 'site.test': ['127.0.0.1'], 'v6only.test': ['::1'], 'gone.test': [] } }), userAgent: 'Site Manager/9.9.9 (health check)', timeoutMs: 2000, slowThresholdMs: 3000, lookFor: null, ...patch }
}

describe('attemptReachability', () => {
  it('reads the page, sends the User-Agent, and finds the look-for text', async () => {
    let agent: string | undefined
    const port = await servers.http((req, res) => {
      agent = req.headers['user-agent']
      res.end('<h1>Welcome to the bakery</h1>')
    })
    const { failed, outcome } = await attemptReachability(`http://site.test:${port}/`, options({ lookFor: 'bakery' }))
    expect(failed).toBe(false)
    expect(outcome).toMatchObject({ level: 'ok', cause: null, details: { status: 200, keyword: 'found', redirects: 0 } })
    expect(outcome.reason).toMatch(/^Answered HTTP 200 in \d+ ms\.$/)
    expect(agent).toBe('Site Manager/9.9.9 (health check)')
  })

  it('says the look-for text is missing', async () => {
    const port = await servers.http((_req, res) => res.end('<h1>Maintenance</h1>'))
    const { outcome } = await attemptReachability(`http://127.0.0.1:${port}/`, options({ lookFor: 'bakery' }))
    expect(outcome).toMatchObject({ level: 'warning', cause: 'keywordMissing', details: { keyword: 'missing' } })
  })

  it('follows redirects and keeps the final address', async () => {
    const port = await servers.http((req, res) => {
      if (req.url === '/') res.writeHead(301, { location: '/home' }).end()
      else res.end('home')
    })
    const { outcome } = await attemptReachability(`http://127.0.0.1:${port}/`, options())
    expect(outcome.details).toMatchObject({ status: 200, redirects: 1, finalUrl: `http://127.0.0.1:${port}/home` })
  })

  it('names a redirect loop', async () => {
    const port = await servers.http((req, res) => res.writeHead(302, { location: req.url === '/a' ? '/b' : '/a' }).end())
    const { failed, outcome } = await attemptReachability(`http://127.0.0.1:${port}/a`, options())
    expect(failed).toBe(true)
    expect(outcome.reason).toMatch(/redirects in a loop/)
  })

  it('reads at most 1 MiB of a huge body', async () => {
    let written = 0
    const port = await servers.http((_req, res) => {
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const pump = (): void => {
        while (written < 64 * MAX_BODY_BYTES && res.write(chunk)) written += chunk.length
        if (written < 64 * MAX_BODY_BYTES) res.once('drain', pump)
        else res.end()
      }
      res.on('close', () => res.off('drain', pump))
      pump()
    })
    const { outcome } = await attemptReachability(`http://127.0.0.1:${port}/`, options({ lookFor: 'needle', timeoutMs: 2000 }))
    expect(outcome).toMatchObject({ cause: 'keywordMissing' })
    expect(outcome.reason).toMatch(/first 1 MiB/)
    expect(written).toBeLessThan(16 * MAX_BODY_BYTES)
  })

  it('fails a host that accepts and stalls, within its deadline', async () => {
    const port = await servers.silent()
    const started = performance.now()
    const { failed, outcome } = await attemptReachability(`http://127.0.0.1:${port}/`, options({ timeoutMs: 150 }))
    expect(failed).toBe(true)
    expect(outcome.reason).toMatch(/accepted the connection but did not answer within 150 ms/)
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it('fails a host that never answers (a closed port) and one that sends garbage', async () => {
    const closed = await servers.closedPort()
    expect((await attemptReachability(`http://127.0.0.1:${closed}/`, options())).outcome.reason).toMatch(/refused the connection/)
    const garbage = await servers.garbage()
    const notHttp = await attemptReachability(`http://127.0.0.1:${garbage}/`, options())
    expect(notHttp).toMatchObject({ failed: true, outcome: { reason: `127.0.0.1:${garbage} answered with something that is not HTTP.` } })
    const notTls = await attemptReachability(`https://127.0.0.1:${garbage}/`, options())
    expect(notTls.outcome.reason).toBe(`127.0.0.1:${garbage} answered without a TLS handshake on its https port.`)
  })

  it('fails, within its deadline, a host whose connection never completes', async () => {
    const base = loopbackNetwork()
    // Packets to it vanish: the connector neither connects nor fails, and ignores its time.
    const blackHole = { resolve: base.resolve, connect: () => new Promise<never>(() => undefined) }
    const started = performance.now()
    const { failed, outcome } = await attemptReachability('http://127.0.0.1:9/', options({ network: blackHole, timeoutMs: 120 }))
    expect(failed).toBe(true)
    // Said with its time, or "in time" when a busy machine saw the connector's end first.
    expect(outcome.reason).toMatch(/^127\.0\.0\.1(:9)? did not accept a connection (within 120 ms|in time)\.$/)
    expect(performance.now() - started).toBeLessThan(3000)
  })

  it('fails an unresolvable name and an HTTP error status', async () => {
    expect((await attemptReachability('http://gone.test/', options())).outcome.reason).toBe('The name gone.test does not resolve to any address.')
    const port = await servers.http((_req, res) => res.writeHead(503).end())
    expect((await attemptReachability(`http://127.0.0.1:${port}/`, options())).outcome.reason).toMatch(/answered HTTP 503/)
  })

  it('reaches an IPv6-only host, and an IDN host by its punycode name', async () => {
    const port = await servers.http((_req, res) => res.end('ok'), '::1')
    expect((await attemptReachability(`http://v6only.test:${port}/`, options())).outcome.level).toBe('ok')
    const idn = options({ network: loopbackNetwork({ hosts: { 'xn--bcker-gra.test': ['::1'] } }) })
    expect((await attemptReachability(`http://bäcker.test:${port}/`, idn)).outcome.level).toBe('ok')
  })

  it('reads an https site whatever its certificate (the TLS check judges it)', async () => {
    const port = await servers.https(certs.selfSigned, (_req, res) => res.end('ok'))
    expect((await attemptReachability(`https://localhost:${port}/`, options())).outcome.level).toBe('ok')
  })

  it('calls a slow answer Slow', async () => {
    const port = await servers.http((_req, res) => res.end('ok'))
    expect((await attemptReachability(`http://127.0.0.1:${port}/`, options({ slowThresholdMs: -1 }))).outcome.cause).toBe('slow')
  })

  it('does not check an address that is not http(s) or not an address', async () => {
    expect((await attemptReachability('ftp://site.test/', options())).outcome).toMatchObject({ cause: 'badAddress', level: 'warning' })
    expect((await attemptReachability('not an address', options())).outcome.cause).toBe('badAddress')
  })
})

describe('applyFailureRule', () => {
  const failure = { failed: true, outcome: { check: 'reachability' as const, level: 'error' as const, cause: 'down' as const, reason: 'x refused the connection.', details: { kind: 'reachability' as const, status: null, finalUrl: null, redirects: 0, ttfbMs: null, totalMs: null, keyword: null, failuresInRow: 0, failingSince: null } } }
  const asState = (o: ReturnType<typeof applyFailureRule>, at: number): HealthCheckState => ({ ...o, checkedAt: new Date(at).toISOString(), since: new Date(at).toISOString() })

  it('is Down only after a second failure a minute or more after the first', () => {
    const first = applyFailureRule(failure, undefined, 0)
    expect(first).toMatchObject({ level: 'unknown', cause: null, details: { failuresInRow: 1 } })
    expect(first.reason).toMatch(/checking again in a minute/)
    const soon = applyFailureRule(failure, asState(first, 0), 30_000)
    expect(soon.cause).toBeNull()
    const later = applyFailureRule(failure, asState(soon, 30_000), 60_000)
    expect(later).toMatchObject({ level: 'error', cause: 'down', details: { failuresInRow: 3 } })
    const recovered = applyFailureRule({ failed: false, outcome: { ...failure.outcome, level: 'ok', cause: null } }, asState(later, 60_000), 120_000)
    expect(recovered.details).toMatchObject({ failuresInRow: 0, failingSince: null })
  })
})

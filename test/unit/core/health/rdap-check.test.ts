import { afterEach, describe, expect, it } from 'vitest'
import { loopbackNetwork } from '../../../../src/core/health/health-network'
import { parseBootstrap, SHIPPED_BOOTSTRAP } from '../../../../src/core/health/rdap-bootstrap'
import { judgeDomain, lookUpDomain, registrableDomain, type RdapOptions } from '../../../../src/core/health/rdap-check'
import { LoopbackServers } from './support/loopback-servers'

const servers = new LoopbackServers()
afterEach(() => servers.closeAll())
const now = Date.parse('2026-11-27T00:00:00Z')

/** A loopback RDAP service for .test domains and the bootstrap file that names it. */
async function rdapService(expirations: Record<string, string | null>): Promise<{ options: RdapOptions; asked: string[] }> {
  const asked: string[] = []
  const port = await servers.http((req, res) => {
    asked.push(req.url ?? '')
    const domain = decodeURIComponent((req.url ?? '').replace(/^\/rdap\/domain\//, ''))
    if (!(domain in expirations)) return void res.writeHead(404).end()
    const when = expirations[domain]
    res.setHeader('content-type', 'application/rdap+json')
    res.end(JSON.stringify({ objectClassName: 'domain', ldhName: domain, events: [{ eventAction: 'registration', eventDate: '2001-01-01T00:00:00Z' }, ...(when ? [{ eventAction: 'expiration', eventDate: when }] : [])] }))
  })
  const bootstrap = parseBootstrap({ services: [[['test'], [`http://127.0.0.1:${port}/rdap`]]] })
  if (!bootstrap) throw new Error('bootstrap did not parse')
  return { asked, options: { network: loopbackNetwork(), bootstrap, userAgent: 'Site Manager/test', timeoutMs: 2000 } }
}

describe('registrableDomain', () => {
  it('takes the registrable domain from the public suffix list, never a private suffix', () => {
    expect(registrableDomain('www.example.co.uk')).toBe('example.co.uk')
    expect(registrableDomain('shop.alpine-bakery.de')).toBe('alpine-bakery.de')
    expect(registrableDomain('me.blogspot.com')).toBe('blogspot.com')
    expect(registrableDomain(new URL('http://www.bücher.de/').hostname)).toBe('xn--bcher-kva.de')
    expect(registrableDomain('127.0.0.1')).toBeNull()
    expect(registrableDomain('[::1]')).toBeNull()
  })
})

describe('lookUpDomain and judgeDomain against a loopback RDAP server', () => {
  it('reads the expiration event and judges it against the warning days', async () => {
    const { options, asked } = await rdapService({ 'far.test': '2028-01-01T00:00:00Z', 'soon.test': '2026-12-03T00:00:00Z', 'gone.test': '2026-11-01T00:00:00Z' })
    const far = await lookUpDomain('far.test', options)
    expect(far).toMatchObject({ kind: 'expiry', expiresAt: '2028-01-01T00:00:00.000Z' })
    expect(judgeDomain(far, now, 14)).toMatchObject({ level: 'ok', reason: 'far.test is registered until 2028-01-01.' })
    expect(judgeDomain(await lookUpDomain('soon.test', options), now, 14)).toMatchObject({ cause: 'domainExpiring', reason: 'The registration of soon.test expires in 6 days, on 2026-12-03.' })
    expect(judgeDomain(await lookUpDomain('gone.test', options), now, 14)).toMatchObject({ level: 'error', cause: 'domainExpired' })
    expect(asked).toEqual(['/rdap/domain/far.test', '/rdap/domain/soon.test', '/rdap/domain/gone.test'])
  })

  it('is unknown, not an error, for a TLD without RDAP, an unknown domain, no expiry, or an address', async () => {
    const { options } = await rdapService({ 'quiet.test': null })
    expect(judgeDomain(await lookUpDomain('example.de', options), now, 14)).toMatchObject({ level: 'unknown', reason: "The registry of .de offers no RDAP, so example.de's expiry is not known." })
    expect(judgeDomain(await lookUpDomain('nobody.test', options), now, 14).level).toBe('unknown')
    expect(judgeDomain(await lookUpDomain('quiet.test', options), now, 14).reason).toBe('The registry does not say when quiet.test expires.')
    expect(judgeDomain(await lookUpDomain(null, options), now, 14).level).toBe('unknown')
  })

  it('answers a failed look-up when the service does not answer', async () => {
    const port = await servers.closedPort()
    const bootstrap = parseBootstrap({ services: [[['test'], [`http://127.0.0.1:${port}/`]]] })!
    const lookup = await lookUpDomain('a.test', { network: loopbackNetwork(), bootstrap, userAgent: 'x', timeoutMs: 300 })
    expect(lookup).toMatchObject({ kind: 'failed' })
    expect(judgeDomain(lookup, now, 14).level).toBe('unknown')
  })
})

describe('the shipped bootstrap snapshot', () => {
  it('knows the common TLDs and leaves out those without RDAP', () => {
    expect(SHIPPED_BOOTSTRAP.get('com')).toBe('https://rdap.verisign.com/com/v1/')
    expect(SHIPPED_BOOTSTRAP.get('uk')).toMatch(/^https:\/\//)
    expect(SHIPPED_BOOTSTRAP.has('de')).toBe(false)
    expect(parseBootstrap({ nothing: true })).toBeNull()
  })
})

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { judgeCertificate } from '../../../../src/core/health/certificate-judgement'
import { loopbackNetwork } from '../../../../src/core/health/health-network'
import { checkTls, type TlsCheckOptions } from '../../../../src/core/health/tls-check'
import { trustedCa } from '../../../../src/core/health/trust-store'
import { LoopbackServers } from './support/loopback-servers'
import { makeTestCertificates, type TestCertificates } from './support/test-certificates'

const servers = new LoopbackServers()
let certs: TestCertificates
beforeAll(() => {
  certs = makeTestCertificates()
})
afterAll(() => certs.dispose())
afterEach(() => servers.closeAll())

const network = loopbackNetwork({ hosts: { 'site.test': ['127.0.0.1'] } })
function options(patch: Partial<TlsCheckOptions> = {}): TlsCheckOptions {
  return { network, nowMs: Date.now(), warningDays: 14, timeoutMs: 2000, ca: trustedCa({ ca: [certs.ca], env: {} }), ...patch }
}
const ok = (_req: unknown, res: { end(text: string): void }): void => res.end('ok')

describe('checkTls against loopback servers with certificates made in the test', () => {
  it('trusts a valid certificate through the injected CA, and names its expiry and issuer', async () => {
    const port = await servers.https(certs.valid, ok)
    const outcome = await checkTls(`https://site.test:${port}/`, options())
    expect(outcome).toMatchObject({ level: 'ok', cause: null, details: { issuer: 'Health Test CA', validForHost: true, trusted: true } })
    expect(outcome.reason).toMatch(/^Valid until \d{4}-\d\d-\d\d, issued by Health Test CA\.$/)
  })

  it('warns of a certificate expiring in 5 days', async () => {
    const port = await servers.https(certs.expiringIn5Days, ok)
    const outcome = await checkTls(`https://127.0.0.1:${port}/`, options())
    expect(outcome).toMatchObject({ level: 'warning', cause: 'certificateExpiring' })
    expect(outcome.reason).toMatch(/expires in 5 days/)
  })

  it('is an error for an expired, a wrong-host and a self-signed certificate', async () => {
    const expired = await servers.https(certs.expired, ok)
    expect((await checkTls(`https://localhost:${expired}/`, options())).reason).toMatch(/expired on/)
    const wrong = await servers.https(certs.wrongHost, ok)
    const wrongHost = await checkTls(`https://site.test:${wrong}/`, options())
    expect(wrongHost).toMatchObject({ level: 'error', cause: 'certificateInvalid', details: { validForHost: false } })
    expect(wrongHost.reason).toMatch(/not valid for site.test \(it is for elsewhere.example\)/)
    const self = await servers.https(certs.selfSigned, ok)
    expect((await checkTls(`https://localhost:${self}/`, options())).reason).toMatch(/self-signed/)
  })

  it('does not trust the test CA without it being injected', async () => {
    const port = await servers.https(certs.valid, ok)
    const outcome = await checkTls(`https://site.test:${port}/`, options({ ca: undefined }))
    expect(outcome).toMatchObject({ cause: 'certificateInvalid', details: { trusted: false } })
  })

  it('is an error when the port answers garbage instead of a TLS handshake', async () => {
    const port = await servers.garbage()
    const outcome = await checkTls(`https://127.0.0.1:${port}/`, options())
    expect(outcome).toMatchObject({ level: 'error', cause: 'certificateInvalid', reason: '127.0.0.1 answered without a TLS handshake on its https port.' })
  })

  it('is unknown, within its deadline, for a host that stalls or refuses', async () => {
    const silent = await servers.silent()
    expect(await checkTls(`https://127.0.0.1:${silent}/`, options({ timeoutMs: 120 }))).toMatchObject({ level: 'unknown' })
    const closed = await servers.closedPort()
    expect((await checkTls(`https://127.0.0.1:${closed}/`, options())).reason).toMatch(/refused the connection/)
  })
})

describe('judgeCertificate', () => {
  const now = Date.parse('2026-11-27T00:00:00Z')
  it('calls a certificate with no validity dates invalid, and one with nothing at all', () => {
    const noDates = judgeCertificate({ host: 'a.test', certificate: { subject: { CN: 'a.test' } as never, subjectaltname: 'DNS:a.test' }, authorized: true, authorizationError: null }, now, 14)
    expect(noDates).toMatchObject({ cause: 'certificateInvalid', details: { expiresAt: null } })
    expect(noDates.reason).toMatch(/carries no validity dates/)
    expect(judgeCertificate({ host: 'a.test', certificate: {}, authorized: false, authorizationError: null }, now, 14).reason).toBe('a.test sent no certificate.')
  })

  it('follows the warning days setting', () => {
    const cert = { subject: { CN: 'a.test' } as never, subjectaltname: 'DNS:a.test', valid_from: 'Jan  1 00:00:00 2026 GMT', valid_to: 'Dec 20 00:00:00 2026 GMT', issuer: { O: 'CA' } as never }
    expect(judgeCertificate({ host: 'a.test', certificate: cert, authorized: true, authorizationError: null }, now, 14).level).toBe('ok')
    expect(judgeCertificate({ host: 'a.test', certificate: cert, authorized: true, authorizationError: null }, now, 30).cause).toBe('certificateExpiring')
  })
})

describe('trustedCa', () => {
  it('adds the NODE_EXTRA_CA_CERTS file and the injected list to the system roots', async () => {
    const { writeFileSync, mkdtempSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const file = join(mkdtempSync(join(tmpdir(), 'extra-ca-')), 'extra.pem')
    writeFileSync(file, certs.ca)
    const list = trustedCa({ env: { NODE_EXTRA_CA_CERTS: file } }) ?? []
    expect(list).toContain(certs.ca)
    expect(list.length).toBeGreaterThan(10)
    expect(trustedCa({ env: {} })).toBeUndefined()
    const port = await servers.https(certs.valid, ok)
    expect((await checkTls(`https://site.test:${port}/`, options({ ca: list }))).level).toBe('ok')
  })
})

// A server with a certificate nobody vouches for, over real TLS on loopback; and the name
// lookup failures, whose real cause (a DNS answer) cannot be produced on a loopback-only
// machine, through the mapping the transport applies to what the socket throws.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiteApiClient } from '../../../../src/core/api'
import { transportFailure } from '../../../../src/core/api/transport-errors'
import { failure } from './support/failure'

describe('a server whose certificate is not trusted', () => {
  let server: Server
  let dir: string
  let requests = 0

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tls-test-'))
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' })
    server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
      requests++
      res.end('{}')
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  })

  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()))
    rmSync(dir, { recursive: true, force: true })
  })

  it('is a network error that says the certificate is not trusted, and the token is never sent', async () => {
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    const api = createSiteApiClient({ baseUrl: `https://127.0.0.1:${address.port}/api/v1`, token: 'tls-token', maxRetries: 3 })
    try {
      const error = await failure(api.listSites())
      expect(error.code).toBe('network')
      expect(error.message).toMatch(/certificate is not trusted/)
      expect(error.message).not.toContain('tls-token')
      // The handshake failed, so no HTTP request (and no token) ever reached the server.
      expect(requests).toBe(0)
    } finally {
      await api.close()
    }
  })
})

describe('name lookup failures', () => {
  const lookupError = (code: string) => Object.assign(new Error(`getaddrinfo ${code} api.example.test`), { code })

  it('a name that does not resolve is network, not worth repeating', () => {
    const failed = transportFailure(lookupError('ENOTFOUND'), 'api.example.test')
    expect(failed.error.code).toBe('network')
    expect(failed.error.message).toContain('does not resolve')
    expect(failed.retryable).toBe(false)
  })

  it('a lookup that failed for now (EAI_AGAIN) is network and may be repeated', () => {
    const failed = transportFailure(lookupError('EAI_AGAIN'), 'api.example.test')
    expect(failed.error.code).toBe('network')
    expect(failed.retryable).toBe(true)
  })

  it('finds the code when undici wraps the socket error', () => {
    const wrapped = Object.assign(new Error('fetch failed'), { cause: lookupError('ENOTFOUND') })
    expect(transportFailure(wrapped, 'api.example.test').error.message).toContain('does not resolve')
  })
})

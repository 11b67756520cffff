// The web shell's HTTP side over real loopback requests: the token gate, the cookie it
// trades the token for, the served renderer with its bridge, and the folder boundary.
import { request } from 'node:http'
import { networkInterfaces } from 'node:os'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Harness, recordingLogger, startHarness, TOKEN } from './web-shell-harness'

let shell: Harness
const logger = recordingLogger()
beforeAll(async () => {
  shell = await startHarness({ logger })
})
afterAll(async () => {
  await shell.close()
})

/** A raw GET, so paths and headers go out exactly as written (fetch would normalize them). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: shell.server.port, path, headers }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    },
  )
}

describe('web shell over HTTP', () => {
  it('prints an address on 127.0.0.1 with the token', () => {
    expect(shell.server.url).toBe(`http://127.0.0.1:${shell.server.port}/?token=${TOKEN}`)
  })

  it('answers 401 to a request without a token', async () => {
    const res = await get('/')
    expect(res.status).toBe(401)
    expect(res.body).not.toContain('<div id="app">')
    expect((await get('/assets/index-abc.js')).status).toBe(401)
  })

  it('answers 403 to a wrong token, in the address or in the cookie', async () => {
    expect((await get('/?token=wrong-token-0123456789')).status).toBe(403)
    expect((await get('/', { Cookie: `site_manager_token_${shell.server.port}=nope` })).status).toBe(403)
    // A cookie for another shell's port is not this shell's token.
    expect((await get('/', { Cookie: `site_manager_token_1=${TOKEN}` })).status).toBe(401)
  })

  it('refuses a foreign Host even with the token (DNS rebinding)', async () => {
    const res = await get(`/?token=${TOKEN}`, { Host: `evil.example:${shell.server.port}` })
    expect(res.status).toBe(403)
  })

  it('writes a refused request down with its reason and host, but not its query or cookie', async () => {
    logger.lines.length = 0
    await get(`/sites?token=${TOKEN}`, { Host: `evil.example:${shell.server.port}`, Cookie: shell.cookie })
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        message: 'Refused a request',
        fields: {
          status: 403,
          reason: "This address is not the web shell's own (open it as 127.0.0.1).",
          method: 'GET',
          path: '/sites',
          host: `evil.example:${shell.server.port}`,
        },
      },
    ])
    await get('/assets/index-abc.js')
    expect(logger.lines.at(-1)?.fields).toMatchObject({ status: 401, path: '/assets/index-abc.js' })
    expect(JSON.stringify(logger.lines)).not.toContain(TOKEN)
  })

  it('serves the page at once on a valid ?token=, setting an HttpOnly SameSite=Strict cookie on the same answer (no redirect round trip)', async () => {
    const res = await get(`/?token=${TOKEN}`)
    expect(res.status).toBe(200)
    expect(res.headers.location).toBeUndefined()
    expect(res.body).toContain('<div id="app">')
    const cookie = String(res.headers['set-cookie'])
    expect(cookie).toContain(`site_manager_token_${shell.server.port}=${TOKEN}`)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    // An answer to an address that holds the token is never stored, nor the address sent on.
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    // The cookie alone opens the page afterwards, without setting it again.
    const again = await get('/', { Cookie: shell.cookie })
    expect(again.status).toBe(200)
    expect(again.headers['set-cookie']).toBeUndefined()
  })

  it('sends nobody elsewhere from an address with the token: odd paths are answered here, never redirected (no open redirect)', async () => {
    for (const path of ['/.//evil.example/', '//evil.example/', '/.///evil.example/x', '/./\\evil.example/', '/%2e//evil.example/']) {
      const res = await get(`${path}?token=${TOKEN}&tab=2`)
      expect(res.headers.location, path).toBeUndefined()
      expect([200, 404], path).toContain(res.status)
    }
  })

  it('serves the renderer with the bridge script ahead of the app script, under a strict policy', async () => {
    const res = await get('/', { Cookie: shell.cookie })
    expect(res.status).toBe(200)
    // Deferred, so the parser goes on to the app's bundle; deferred and module scripts run in document order.
    const bridgeAt = res.body.indexOf('<script defer fetchpriority="high" src="/__bridge.js"></script>')
    expect(bridgeAt).toBeGreaterThan(-1)
    expect(bridgeAt).toBeLessThan(res.body.indexOf('type="module"'))
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${shell.server.port}`)
    expect(csp).not.toContain('unsafe-eval')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it('serves assets, the bridge, and the app for client-side routes', async () => {
    const asset = await get('/assets/index-abc.js', { Cookie: shell.cookie })
    expect(asset.status).toBe(200)
    expect(asset.headers['content-type']).toContain('text/javascript')
    expect((await get('/__bridge.js', { Cookie: shell.cookie })).body).toBe('window.bridge = true\n')
    expect((await get('/sites/12', { Cookie: shell.cookie })).body).toContain('<div id="app">')
    expect((await get('/assets/missing.js', { Cookie: shell.cookie })).status).toBe(404)
  })

  it('never serves a file outside the renderer folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const res = await get(path, { Cookie: shell.cookie })
      expect(res.body).not.toContain('outside the renderer folder')
    }
  })

  it('accepts only GET and HEAD', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: shell.server.port, path: '/', method: 'POST', headers: { Cookie: shell.cookie } },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end('x')
    })
    expect(status).toBe(405)
  })

  it('listens on loopback only', async () => {
    const outward = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)
    if (!outward) return // a machine with no other interface has nothing else to listen on
    const reached = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: outward.address, port: shell.server.port })
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    expect(reached).toBe(false)
  })
})

// The token goes only to the account's base URL (origin and path prefix): not to pagination
// links that point elsewhere, not to redirects. A second listener on another port plays the
// other origin and proves it never receives the token (or any request at all).
import { afterEach, describe, expect, it } from 'vitest'
import { createSiteApiClient, type SiteApi } from '../../../../src/core/api'
import { failure } from './support/failure'
import { fakeTiming } from './support/fake-timing'
import { envelope, pageOf, sendJson, site, startListener, type TestListener } from './support/listener'

const TOKEN = 'origin-test-token'
const opened: { close(): Promise<void> }[] = []

afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()))
})

async function listener(handler: Parameters<typeof startListener>[0]): Promise<TestListener> {
  const started = await startListener(handler)
  opened.push(started)
  return started
}

function client(baseUrl: string): SiteApi {
  const api = createSiteApiClient({ baseUrl, token: TOKEN, timing: fakeTiming() })
  opened.push(api)
  return api
}

const sites = Array.from({ length: 40 }, (_, i) => site(i + 1))

describe('the token-origin rule', () => {
  it('does not follow pagination links to another origin: the other listener receives nothing', async () => {
    const other = await listener((_req, res) => sendJson(res, 200, envelope(sites, 2, 'x')))
    const home = await listener((req, res) =>
      sendJson(res, 200, envelope(sites, pageOf(req.url), `${other.origin}/api/v1/sites`)),
    )
    const all = await client(`${home.origin}/api/v1`).listAllSites()
    expect(all.map((s) => s.id)).toEqual(sites.map((s) => s.id))
    expect(home.requests.map((r) => r.url)).toEqual(['/api/v1/sites?page=1', '/api/v1/sites?page=2', '/api/v1/sites?page=3'])
    expect(home.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true)
    expect(other.requests).toEqual([])
  })

  it('does not follow links to another path on the same origin either', async () => {
    const home = await listener((req, res) => {
      if (!req.url?.startsWith('/api/v1/')) return sendJson(res, 500, { message: 'outside the API' })
      sendJson(res, 200, envelope(sites, pageOf(req.url), `http://${req.headers.host}/admin/export`))
    })
    await client(`${home.origin}/api/v1`).listAllSites()
    expect(home.requests.every((r) => r.url.startsWith('/api/v1/sites?page='))).toBe(true)
  })

  it('refuses a redirect to another origin with unsafe_address, without sending the token there', async () => {
    const other = await listener((_req, res) => sendJson(res, 200, { data: site(1) }))
    const home = await listener((_req, res) => {
      res.writeHead(302, { location: `${other.origin}/api/v1/sites/1` })
      res.end()
    })
    const error = await failure(client(`${home.origin}/api/v1`).getSite(1))
    expect(error.code).toBe('unsafe_address')
    expect(error.message).toContain(`${other.origin}/api/v1/sites/1`)
    expect(error.message).toMatch(/did not send the token/)
    expect(error.message).not.toContain(TOKEN)
    expect(other.requests).toEqual([])
    expect(home.requests).toHaveLength(1)
  })

  it('never shows the token, even when the server puts it into the redirect address', async () => {
    const home = await listener((req, res) => {
      res.writeHead(302, { location: `https://collector.test/${(req.headers.authorization ?? '').slice(7)}/x` })
      res.end()
    })
    const error = await failure(client(`${home.origin}/api/v1`).getSite(1))
    expect(error.code).toBe('unsafe_address')
    expect(error.message).toContain('https://collector.test/[redacted]/x')
    expect(error.message).not.toContain(TOKEN)
  })

  it('refuses a redirect out of the base path on the same origin', async () => {
    const home = await listener((req, res) => {
      if (req.url === '/login') return sendJson(res, 200, { data: site(1) })
      res.writeHead(301, { location: '/login' })
      res.end()
    })
    const error = await failure(client(`${home.origin}/api/v1`).getSite(1))
    expect(error.code).toBe('unsafe_address')
    expect(home.requests.map((r) => r.url)).toEqual(['/api/v1/sites/1'])
  })

  it('follows a GET redirect that stays inside the base URL', async () => {
    const home = await listener((req, res) => {
      if (req.url === '/api/v1/sites/1') {
        res.writeHead(301, { location: '7' }) // relative: resolves to /api/v1/sites/7
        return res.end('moved')
      }
      sendJson(res, 200, { data: site(7) })
    })
    const found = await client(`${home.origin}/api/v1`).getSite(1)
    expect(found.id).toBe(7)
    expect(home.requests.map((r) => [r.url, r.authorization])).toEqual([
      ['/api/v1/sites/1', `Bearer ${TOKEN}`],
      ['/api/v1/sites/7', `Bearer ${TOKEN}`],
    ])
  })

  it('does not repeat a POST at a redirect target, even inside the base URL', async () => {
    const home = await listener((_req, res) => {
      res.writeHead(307, { location: '/api/v1/tags-new' })
      res.end()
    })
    const error = await failure(client(`${home.origin}/api/v1`).createTag('Moved'))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/does not repeat changes/)
    expect(home.requests).toHaveLength(1)
  })

  it('stops a redirect loop inside the base URL', async () => {
    const home = await listener((req, res) => {
      res.writeHead(302, { location: req.url === '/api/v1/sites/1' ? '/api/v1/sites/2' : '/api/v1/sites/1' })
      res.end()
    })
    const error = await failure(client(`${home.origin}/api/v1`).getSite(1))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/redirected the request for site 1 more than 3 times/)
    expect(home.requests).toHaveLength(4)
  })

  it('refuses to build a client for a base URL the token must not go to', () => {
    expect(() => createSiteApiClient({ baseUrl: 'http://example.com/api/v1', token: TOKEN })).toThrow(/https/)
    expect(() => createSiteApiClient({ baseUrl: 'https://example.com/api/v1?x=1', token: TOKEN })).toThrow(/"\?"/)
  })
})

// Answers are validated at the boundary: wrong shapes, HTML, broken JSON and oversized bodies
// become bad_response with what was wrong; open values and extra fields pass.
import { describe, expect, it } from 'vitest'
import type { SiteApi, SiteApiClientConfig } from '../../../../src/core/api'
import { failure } from './support/failure'
import { envelope, sendJson, site, type Handler } from './support/listener'
import { serveApi } from './support/serve-api'

const TOKEN = 'checks-token-1234567890'
const serve = async (handler: Handler, extra: Partial<SiteApiClientConfig> = {}): Promise<SiteApi> => (await serveApi(handler, { token: TOKEN, ...extra })).api

describe('shape checks', () => {
  it('names the missing and mistyped fields', async () => {
    const { id: _id, ...noId } = site(1)
    const api = await serve((_req, res) =>
      sendJson(res, 200, envelope([site(1), noId, site(3, { tags: 'none' })], 1, 'http://x/v1/sites')),
    )
    const error = await failure(api.listSites())
    expect(error.code).toBe('bad_response')
    expect(error.status).toBe(200)
    expect(error.message).toMatch(/data\[1\]\.id: missing/)
    expect(error.message).toMatch(/data\[2\]\.tags: .*expected array/)
  })

  it('lets open values and unknown fields pass, dropping what the spec does not name', async () => {
    const odd = site(1, { status: 'Maintenance', brand_new_field: { x: 1 }, private_key: 'echoed' })
    const api = await serve((req, res) => {
      if (req.url?.startsWith('/v1/logs')) {
        const event = { id: 9, site_id: 1, category: 'security', message: 'Login', type: 'user_login', created_at: '2026-01-01T10:00:00Z', extra: true }
        return sendJson(res, 200, envelope([event], 1, 'http://x/v1/logs'))
      }
      sendJson(res, 200, { data: odd, meta: { server: 'v2' } })
    })
    const read = await api.getSite(1)
    expect(read.status).toBe('Maintenance')
    expect(read).not.toHaveProperty('brand_new_field')
    expect(read).not.toHaveProperty('private_key')
    const [event] = (await api.listEvents()).data
    expect(event).toEqual({ id: 9, site_id: 1, category: 'security', message: 'Login', type: 'user_login', created_at: '2026-01-01T10:00:00Z' })
  })

  it('reads a null server object as all keys null, and refuses a timestamp without offset', async () => {
    let body: unknown = { data: site(1, { server: null }) }
    const api = await serve((_req, res) => sendJson(res, 200, body))
    expect((await api.getSite(1)).server).toEqual({ ip: null, web: null, php: null, mysql: null })
    body = { data: site(1, { created_at: '2026-01-01 10:00:00' }) }
    expect((await failure(api.getSite(1))).message).toMatch(/data\.created_at: expected an ISO 8601 timestamp/)
  })

  it('refuses an envelope that contradicts itself', async () => {
    const page = envelope([site(1)], 1, 'http://x/v1/sites')
    page.meta.total = 40
    const api = await serve((_req, res) => sendJson(res, 200, page))
    const error = await failure(api.listSites())
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/meta\.last_page is 1 but 40 items at 15 per page make 3/)
  })
})

describe('updates_count', () => {
  it('is required when sites are read or listed, and may be absent only in the answer to a create', async () => {
    const { updates_count: _count, ...withoutCount } = site(7)
    const api = await serve((req, res) => {
      if (req.method === 'POST') return sendJson(res, 200, { data: withoutCount })
      if (req.url?.startsWith('/v1/sites?')) return sendJson(res, 200, envelope([withoutCount], 1, 'http://x/v1/sites'))
      sendJson(res, 200, { data: withoutCount })
    })
    expect((await failure(api.listSites())).message).toMatch(/data\[0\]\.updates_count: missing/)
    expect((await failure(api.getSite(7))).message).toMatch(/data\.updates_count: missing/)
    expect((await api.createSite({ name: 'New', url: 'https://new.test' })).updates_count).toBeUndefined()
  })
})

describe('not found', () => {
  it("a 404 for a site's events says the site is gone, not that the account's address is wrong", async () => {
    const api = await serve((_req, res) => sendJson(res, 404, { message: 'No query results for model [App\\Models\\Site] 5' }))
    const error = await failure(api.listSiteEvents(5))
    expect(error).toMatchObject({ code: 'not_found', status: 404 })
    expect(error.message).toMatch(/^Site 5 no longer exists \(HTTP 404\)/)
    expect(error.message).not.toMatch(/API root|address/)
    // A list address itself missing still points at the account's address.
    expect((await failure(api.listEvents())).message).toMatch(/API root/)
  })
})

describe('secrets in error bodies', () => {
  it("a 422 that echoes a new site's private_key does not carry it into the message or the fields", async () => {
    const privateKey = 'write-only-private-key-987'
    const api = await serve((_req, res, body) => {
      const sent = JSON.parse(body) as { private_key: string }
      sendJson(res, 422, {
        message: `The private key ${sent.private_key} is not valid.`,
        errors: { private_key: [`The private key ${sent.private_key} is not valid.`] },
      })
    })
    const error = await failure(api.createSite({ name: 'Shop', url: 'https://shop.test', private_key: privateKey }))
    expect(error.code).toBe('validation')
    expect(error.fields?.private_key).toEqual(['The private key [redacted] is not valid.'])
    expect(JSON.stringify(error)).not.toContain(privateKey)
  })
})

describe('broken bodies', () => {
  it('an HTML page with status 200 is bad_response quoting its title, not the token', async () => {
    const api = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(`<html><head><title>Sign in ${req.headers.authorization}</title></head><body>Log in</body></html>`)
    })
    const error = await failure(api.listTags())
    expect(error.code).toBe('bad_response')
    expect(error.status).toBe(200)
    expect(error.message).toContain('web page instead of JSON')
    expect(error.message).toContain('Sign in Bearer [redacted]')
    expect(error.message).not.toContain(TOKEN)
  })

  it('an error body that echoes the token is redacted', async () => {
    const api = await serve((req, res) => sendJson(res, 503, { message: `Upstream refused ${req.headers.authorization}` }))
    const error = await failure(api.createTag('x'))
    expect(error.code).toBe('server')
    expect(error.message).not.toContain(TOKEN)
    expect(error.message).toContain('[redacted]')
  })

  it('refuses bodies over the size cap, announced or streamed', async () => {
    const big = JSON.stringify({ data: site(1, { notes: 'x'.repeat(50_000) }) })
    const announced = await serve((_req, res) => sendJson(res, 200, JSON.parse(big)), { maxBodyBytes: 10_000 })
    const error = await failure(announced.getSite(1))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/larger than 10 KiB/)

    const streamed = await serve(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' }) // chunked: no Content-Length
        for (let i = 0; i < big.length; i += 4096) res.write(big.slice(i, i + 4096))
        res.end()
      },
      { maxBodyBytes: 10_000 },
    )
    expect((await failure(streamed.getSite(1))).message).toMatch(/larger than 10 KiB/)
  })

  it('an empty 200 where data belongs is bad_response', async () => {
    const api = await serve((_req, res) => res.end())
    expect((await failure(api.getSite(1))).message).toMatch(/empty answer for site 1/)
  })
})

describe('deletions', () => {
  it('an empty 200, a 204 and a JSON body all mean deleted', async () => {
    const answers = [
      (res: Parameters<Handler>[1]) => res.end(),
      (res: Parameters<Handler>[1]) => {
        res.statusCode = 204
        res.end()
      },
      (res: Parameters<Handler>[1]) => sendJson(res, 200, { message: 'Deleted' }),
    ]
    let next = 0
    const api = await serve((_req, res) => answers[next++]!(res))
    await api.deleteSite(1)
    await api.deleteTag(2)
    await api.deleteSite(3)
    expect(next).toBe(3)
  })

  it('a web page answering a DELETE is not a deletion', async () => {
    const api = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<html><title>Proxy login</title></html>')
    })
    const error = await failure(api.deleteSite(1))
    expect(error.code).toBe('bad_response')
    expect(error.message).toContain('Proxy login')
  })
})

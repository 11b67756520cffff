// Hostile bodies where a page of sites belongs: HTML pages of every size, cut-off JSON, the
// wrong types, nothing at all. Each fails the sync with a sentence that says what came back;
// the last good snapshot stays, and the origin the links name hears nothing.
import { afterEach, describe, expect, it } from 'vitest'
import { closeHostile, failedWith, hostileCase } from './support/hostile-setup'

afterEach(closeHostile)

const KiB = 1024
const MiB = 1024 * KiB

/** An HTML page of about `size` bytes, titled "Sign in". */
function htmlPage(size: number): string {
  const shell = '<!doctype html><html><head><title>Sign in</title></head><body></body></html>'
  return shell.replace('<body>', `<body>${'<div class="field"><input name="user"></div>'.repeat(Math.max(0, Math.floor((size - shell.length) / 46)))}`)
}

describe('HTML where a page of sites belongs', () => {
  for (const size of [80, 4 * KiB, 100 * KiB, 1 * MiB, 5 * MiB - 100]) {
    it(`of ${size} bytes says a web page came back, with its title`, async () => {
      const c = await hostileCase()
      const started = performance.now()
      const state = await c.syncWhile(({ path, page, res }) => {
        if (path !== '/v1/sites' || page !== 2) return false
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        res.end(htmlPage(size))
        return true
      })
      expect(failedWith(state, 'bad_response')).toBe(
        'The server answered the list of sites with a web page instead of JSON (HTTP 200, text/html: "Sign in"). Check that the account\'s address is the API root, for example https://example.com/api/v1.',
      )
      expect(performance.now() - started).toBeLessThan(3_000)
      c.expectUnharmed(state)
    })
  }

  it('of 5 MiB of "<" (which once froze core for hours) is answered within a second or two', async () => {
    const c = await hostileCase()
    const started = performance.now()
    const state = await c.syncWhile(({ path, res }) => {
      if (path !== '/v1/sites') return false
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<'.repeat(5 * MiB - 1))
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe(
      `The server answered the list of sites with a web page instead of JSON (HTTP 200, text/html: "${'<'.repeat(120)}…"). Check that the account's address is the API root, for example https://example.com/api/v1.`,
    )
    expect(performance.now() - started).toBeLessThan(2_000)
    c.expectUnharmed(state)
  })

  it('larger than the cap is refused while it streams in', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, res }) => {
      if (path !== '/v1/sites') return false
      res.writeHead(200, { 'content-type': 'text/html' })
      const chunk = '<p>'.repeat(20_000)
      for (let sent = 0; sent < 5 * MiB + 64 * KiB; sent += chunk.length) res.write(chunk)
      res.end()
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe(
      "The server's answer for the list of sites is larger than 5120 KiB, which the app refuses. Check the account's address.",
    )
    c.expectUnharmed(state)
  })
})

describe('JSON that is cut off, mistyped or missing', () => {
  it('cut off: says it is not valid JSON, with its first words', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path !== '/v1/sites' || page !== 3) return false
      const json = JSON.stringify(c.server.page(path, page))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(json.slice(0, json.length / 2))
      return true
    })
    expect(failedWith(state, 'bad_response')).toMatch(
      /^The server's answer for the list of sites is not valid JSON \(HTTP 200, application\/json: "\{"data":\[\{"id":31,"name":"Site 31".{40,}…"\)\. Try again later; if it stays, tell the server's administrator\.$/,
    )
    c.expectUnharmed(state)
  })

  it('mistyped: names the fields that are wrong', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path !== '/v1/sites' || page !== 2) return false
      const body = c.server.page(path, page) as { data: Record<string, unknown>[] }
      body.data[0] = { ...body.data[0], id: '16', updates_count: 'many' }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe(
      "The server's answer for the list of sites does not have the expected shape (HTTP 200): data[0].id: Invalid input: expected number, received string; data[0].updates_count: Invalid input: expected number, received string.",
    )
    c.expectUnharmed(state)
  })

  it('an envelope of another shape, on the events list', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, res }) => {
      if (path !== '/v1/logs') return false
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ events: [], next: null }))
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe(
      "The server's answer for the list of events does not have the expected shape (HTTP 200): data: missing; links: missing; meta: missing.",
    )
    c.expectUnharmed(state)
  })

  it('an empty body with status 200', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, res }) => {
      if (path !== '/v1/tags') return false
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end()
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe('The server sent an empty answer for the list of tags (HTTP 200). Try again later.')
    c.expectUnharmed(state)
  })
})

// Connections that break in the middle of an answer and servers that fail every request.
// GETs are repeated a few times (instantly here: the client's clock is fake), then the sync
// fails with what happened; the last good snapshot stays.
import { afterEach, describe, expect, it } from 'vitest'
import { closeHostile, failedWith, hostileCase } from './support/hostile-setup'

afterEach(closeHostile)

describe('a connection reset in the middle of a body', () => {
  it('is repeated, then named as interrupted', async () => {
    const c = await hostileCase()
    let resets = 0
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path !== '/v1/sites' || page !== 2) return false
      resets++
      const json = JSON.stringify(c.server.page(path, page))
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(json.length) })
      res.write(json.slice(0, 500))
      // Let the first bytes go out, then cut the connection.
      setTimeout(() => res.socket?.destroy(), 5)
      return true
    })
    expect(failedWith(state, 'network')).toBe(`The connection to ${c.host} was interrupted. Check the address and your network.`)
    expect(resets).toBe(4)
    c.expectUnharmed(state)
  })

  it('a body shorter than its Content-Length, then the connection closed, is named as interrupted', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, res }) => {
      if (path !== '/v1/tags') return false
      const json = JSON.stringify(c.server.page(path, 1))
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(json.length + 100) })
      res.write(json, () => res.socket?.end())
      return true
    })
    expect(failedWith(state, 'network')).toBe(`The connection to ${c.host} was interrupted. Check the address and your network.`)
    c.expectUnharmed(state)
  })

  it('a body that stops coming is given up after the body timeout, not repeated', async () => {
    // A short body timeout of the client's own: the server below never sends the rest.
    const c = await hostileCase({ bodyTimeoutMs: 50 })
    let stalls = 0
    const state = await c.syncWhile(({ path, res }) => {
      if (path !== '/v1/tags') return false
      stalls++
      const json = JSON.stringify(c.server.page(path, 1))
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(json.length) })
      res.write(json.slice(0, 100))
      return true
    })
    expect(failedWith(state, 'timeout')).toBe(`The server at ${c.host} stopped in the middle of its answer. Try again later.`)
    expect(stalls).toBe(1)
    c.expectUnharmed(state)
  })
})

describe('a storm of server errors', () => {
  it('500 on every request fails at once, quoting the error page', async () => {
    const c = await hostileCase()
    let served = 0
    const state = await c.syncWhile(({ res }) => {
      served++
      res.writeHead(500, { 'content-type': 'text/html' })
      res.end('<html><head><title>500 Internal Server Error</title></head><body><h1>Whoops</h1></body></html>')
      return true
    })
    expect(failedWith(state, 'server')).toBe(
      `The server at ${c.host} had a problem answering (HTTP 500: 500 Internal Server Error). Try again later; if it keeps happening, tell the server's administrator.`,
    )
    // 500 is not repeated: sites, tags and events were each asked once, at most.
    expect(served).toBeLessThanOrEqual(3)
    c.expectUnharmed(state)
  })

  it('503 on every request is repeated a few times, then reported', async () => {
    const c = await hostileCase()
    let served = 0
    const state = await c.syncWhile(({ res }) => {
      served++
      res.writeHead(503, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'Service Unavailable' }))
      return true
    })
    expect(failedWith(state, 'server')).toBe(
      `The server at ${c.host} had a problem answering (HTTP 503: Service Unavailable). Try again later; if it keeps happening, tell the server's administrator.`,
    )
    expect(served).toBeLessThanOrEqual(3 * 4)
    c.expectUnharmed(state)
  })
})

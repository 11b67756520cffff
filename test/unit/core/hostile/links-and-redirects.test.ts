// Links that loop or lead to another origin, redirects out of the base URL or round in
// circles, and a server that ignores the page asked for. Links are data the client checks,
// never addresses it follows; a redirect is checked before anything goes out. The spy origin
// every link names must hear nothing, whatever the outcome.
import { afterEach, describe, expect, it } from 'vitest'
import { ACCOUNT } from '../sync/support/engine-harness'
import { sendJson } from '../api/support/listener'
import { closeHostile, failedWith, hostileCase } from './support/hostile-setup'

afterEach(closeHostile)

describe('links', () => {
  it('that name another origin are checked, not followed: the sync completes and the other origin hears nothing', async () => {
    const c = await hostileCase()
    c.server.sites = [...c.server.sites, ...Array.from({ length: 5 }, (_, i) => ({ ...c.server.sites[0]!, id: 100 + i, name: `New ${i}` }))]
    const state = await c.syncWhile(() => false)
    expect(state).toMatchObject({ status: 'idle', error: null, notice: null })
    expect(c.h.store.sites(ACCOUNT)).toHaveLength(45)
    expect(c.server.spy.requests).toEqual([])
  })

  it('that loop back to an earlier page stop the read with a sentence saying so', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path !== '/v1/sites' || page !== 2) return false
      const body = c.server.page(path, page)
      body.links.next = `${c.server.spy.origin}/v1/sites?page=1`
      sendJson(res, 200, body)
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe(
      "The server's answer for the list of sites contradicts itself: links.next names page 1, so it does not lead past page 2. Try again later; if it stays, tell the server's administrator.",
    )
    c.expectUnharmed(state)
  })

  it('of a server that ignores the page asked for are caught at page 2', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, res }) => {
      if (path !== '/v1/sites') return false
      sendJson(res, 200, c.server.page(path, 1))
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe(
      "The server's answer for the list of sites contradicts itself: page 2 was asked for but meta.current_page is 1 (the server may ignore the page parameter). Try again later; if it stays, tell the server's administrator.",
    )
    c.expectUnharmed(state)
  })
})

describe('redirects', () => {
  it('to another origin are refused before the token goes there', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path !== '/v1/sites' || page !== 2) return false
      res.writeHead(302, { location: `${c.server.spy.origin}/v1/sites?page=2&token=leak` })
      res.end()
      return true
    })
    expect(failedWith(state, 'unsafe_address')).toBe(
      `The server sent the app to ${c.server.spy.origin}/v1/sites, which is outside this account's address ${c.server.baseUrl}. The app did not send the token there. Check the account's address.`,
    )
    c.expectUnharmed(state)
  })

  it('to another path prefix on the same origin are refused too', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, res }) => {
      if (path !== '/v1/tags') return false
      res.writeHead(301, { location: '/admin/v1/tags' })
      res.end()
      return true
    })
    expect(failedWith(state, 'unsafe_address')).toMatch(/^The server sent the app to http:\/\/127\.0\.0\.1:\d+\/admin\/v1\/tags, which is outside this account's address/)
    c.expectUnharmed(state)
  })

  it('round in circles stop after three', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, res }) => {
      if (path !== '/v1/logs') return false
      res.writeHead(307, { location: '/v1/logs?page=1' })
      res.end()
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe(
      "The server redirected the request for the list of events more than 3 times. Check the account's address.",
    )
    c.expectUnharmed(state)
  })
})

// Totals that change while a sync reads, and the same items on more than one page. A list
// that moves is read as well as it can be and the person is told; one that contradicts itself
// or repeats whole pages stops the sync and keeps the last good snapshot.
import { afterEach, describe, expect, it } from 'vitest'
import { MOVING_NOTICE } from '../../../../src/core/sync/account-sync'
import { envelope, sendJson, site } from '../api/support/listener'
import { ACCOUNT } from '../sync/support/engine-harness'
import { closeHostile, failedWith, hostileCase } from './support/hostile-setup'

afterEach(closeHostile)

describe('totals that change mid-sync', () => {
  it('a total that shrinks under the page being read is a contradiction', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path !== '/v1/sites' || page !== 3) return false
      const body = c.server.page(path, page)
      body.meta.total = 20
      body.meta.last_page = 2
      sendJson(res, 200, body)
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe(
      "The server's answer for the list of sites contradicts itself: the page reaches item 40 of only 20. Try again later; if it stays, tell the server's administrator.",
    )
    c.expectUnharmed(state)
  })

  it('a list that grows at both ends on every request is read as far as it can be, and the person is told', async () => {
    const c = await hostileCase()
    let front = 1_000
    let end = 2_000
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path !== '/v1/sites') return false
      c.server.sites = [site(front++), ...c.server.sites, site(end++)]
      sendJson(res, 200, c.server.page(path, page))
      return true
    })
    expect(state).toMatchObject({ status: 'idle', error: null, notice: MOVING_NOTICE })
    expect(c.h.store.sites(ACCOUNT).length).toBeGreaterThan(40)
    expect(c.server.spy.requests).toEqual([])
  })
})

describe('duplicate ids across pages', () => {
  it('a page that repeats the one before stops the read', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path !== '/v1/sites' || page !== 2) return false
      const body = c.server.page(path, page)
      body.data = c.server.page(path, 1).data
      sendJson(res, 200, body)
      return true
    })
    expect(failedWith(state, 'bad_response')).toBe(
      "Stopped reading the list of sites: page 2 repeats items already read, so the pages would never end. Try again later; if it stays, tell the server's administrator.",
    )
    c.expectUnharmed(state)
  })

  it('an id on two pages is kept once', async () => {
    const c = await hostileCase()
    const twice = [...c.server.sites.slice(0, 15), c.server.sites[3]!, ...c.server.sites.slice(15, 39)]
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path !== '/v1/sites') return false
      sendJson(res, 200, envelope(twice, page, `${c.server.spy.origin}${path}`))
      return true
    })
    expect(state.status).toBe('idle')
    const ids = c.h.store.sites(ACCOUNT).map((s) => s.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(39)
    expect(c.server.spy.requests).toEqual([])
  })
})

// A token revoked in the middle of a sync, and a list whose pages add up past the budget of
// one read. Both stop the sync with a sentence that says what to do; nothing is lost.
import { afterEach, describe, expect, it } from 'vitest'
import { sendJson } from '../api/support/listener'
import { closeHostile, failedWith, hostileCase } from './support/hostile-setup'

afterEach(closeHostile)

describe('a token revoked mid-sync', () => {
  it('stops the sync with the token refused, after page 1 went well', async () => {
    const c = await hostileCase()
    const state = await c.syncWhile(({ path, page, res }) => {
      if (path === '/v1/sites' && page === 1) return false
      sendJson(res, 401, { message: 'Unauthenticated.' })
      return true
    })
    expect(failedWith(state, 'unauthorized')).toBe('The server refused the token. Enter a new token for this account.')
    c.expectUnharmed(state)
  })
})

describe('pages that add up past the budget of one read', () => {
  it('stop the read with how much the app will read', async () => {
    // The good sync reads 40 small sites; then each site carries 20 KB of notes.
    const c = await hostileCase({ maxListBytes: 200_000 })
    c.server.sites = c.server.sites.map((s) => ({ ...s, notes: 'n'.repeat(20_000) }))
    const state = await c.syncWhile(() => false)
    expect(failedWith(state, 'bad_response')).toBe(
      "Stopped reading the list of sites: the list is larger than the app will read (195 KB). Check the account's address; if it is right, tell the server's administrator that its answers are unusually large.",
    )
    c.expectUnharmed(state)
  })
})

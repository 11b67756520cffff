// The window opening at the Sites view reads the scope's remembered view as soon as the
// accounts are known; any other address, or an address that says the view itself, reads nothing.
import { describe, expect, it } from 'vitest'
import { isPlainSitesAddress, readFirstSitesView } from '../../../../src/renderer/src/composables/first-view'
import { useRememberedViewsStore } from '../../../../src/renderer/src/stores/remembered-views'
import { createFakeApi, ok, type FakeApi } from '../support/fake-api'
import { storePinia } from '../support/mount'

const one = { isAllScope: false, activeAccountId: 'a', scopeAccounts: [{ id: 'a' }] }
const all = { isAllScope: true, activeAccountId: 'a', scopeAccounts: [{ id: 'a' }, { id: 'b' }] }

/** The remembered-views store over this fake, as main.ts hands it over. */
function viewsOf(fake: FakeApi) {
  storePinia(fake)
  return useRememberedViewsStore()
}

describe('the first Sites view read ahead', () => {
  it('knows a plain Sites address from one that says the view or names another view', () => {
    expect(isPlainSitesAddress('#/sites')).toBe(true)
    expect(isPlainSitesAddress('#/sites/')).toBe(true)
    expect(isPlainSitesAddress('#/sites?q=shop')).toBe(false)
    expect(isPlainSitesAddress('#/sites/12')).toBe(false)
    expect(isPlainSitesAddress('#/overview')).toBe(false)
    expect(isPlainSitesAddress('')).toBe(false)
  })

  it("reads the active account's view, or the All scope's, and nothing for other addresses", async () => {
    const fake = createFakeApi({ prefsGet: async () => ok({ q: 'shop' }) })
    const views = viewsOf(fake)
    await readFirstSitesView(views, one, '#/overview')
    await readFirstSitesView(views, one, '#/sites?q=x')
    expect(fake.api.prefsGet).not.toHaveBeenCalled()
    await readFirstSitesView(views, one, '#/sites')
    await readFirstSitesView(views, all, '#/sites')
    expect(fake.api.prefsGet.mock.calls.map(([input]) => input.key)).toEqual(['sites.view:a', 'sites.view.all'])
  })

  it('reads nothing without an account, and never fails when core cannot answer', async () => {
    const fake = createFakeApi({ prefsGet: async () => Promise.reject(new Error('socket closed')) })
    const views = viewsOf(fake)
    await readFirstSitesView(views, { isAllScope: false, activeAccountId: null, scopeAccounts: [] }, '#/sites')
    expect(fake.api.prefsGet).not.toHaveBeenCalled()
    await expect(readFirstSitesView(views, one, '#/sites')).resolves.toBeUndefined()
    expect(views.states.size).toBe(0)
  })
})

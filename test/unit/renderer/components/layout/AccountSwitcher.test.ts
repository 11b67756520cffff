// The switcher's "All accounts" entry in the whole renderer: there with two accounts or more,
// chosen by keyboard, remembered in prefs, leaving one account's filter behind, and left by
// choosing an account.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import { SCOPE_PREF_KEY, useAccountsStore } from '../../../../../src/renderer/src/stores/accounts'
import { createFakeApi, makeAccount, makeSite, memoryCore, ok } from '../../support/fake-api'
import { freshWindowEachTest, mountApp } from '../../support/mount-app'
import { unmountAll } from '../../support/mount'

vi.mock('../../../../../src/renderer/src/components/charts/chart-setup', () => import('../../support/fake-chart'))

freshWindowEachTest()
afterEach(unmountAll)
// The switcher's menu loads on first use (LazyMenu): compiled once ahead, so a find does not wait
// on the worker's first compile of reka-ui.
beforeAll(() => import('../../../../../src/renderer/src/components/layout/AccountMenu.vue'), 30_000)

function api(accounts = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Freelance' })]) {
  const core = memoryCore({ a: { sites: [makeSite(1, { name: 'Alpha shop' })] }, b: { sites: [makeSite(1, { name: 'Beta blog' })] } })
  return createFakeApi({ ...core.methods, accountsList: async () => ok({ accounts, lastActiveId: accounts[0]?.id ?? null }) })
}

describe('the account switcher’s All accounts', () => {
  it('is chosen from the keyboard, shows every account’s sites, is remembered, and is left by choosing an account', async () => {
    const fake = api()
    const { router } = await mountApp(fake, '/sites?q=alpha')
    const user = userEvent.setup()
    screen.getByRole('button', { name: /^Agency .*, switch account$/ }).focus()
    await user.keyboard('{Enter}')
    const all = await screen.findByRole('menuitemradio', { name: 'All accounts' })
    // The first entry of the menu, above the accounts.
    const radios = screen.getAllByRole('menuitemradio').map((item) => item.textContent?.trim())
    expect(radios[0]).toMatch(/All accounts$/)
    // The avatars' initials are drawn, not text: each entry reads as its account's label.
    expect(radios.slice(1)).toEqual(['Agency', 'Freelance'])
    all.focus()
    await user.keyboard('{Enter}')
    await flushPromises()
    expect(useAccountsStore().scope).toBe('all')
    expect(fake.api.prefsSet).toHaveBeenCalledWith({ key: SCOPE_PREF_KEY, value: 'all' })
    // One account's search is left behind; both accounts' sites show, site 1 of each.
    expect(router.currentRoute.value.fullPath).toBe('/sites')
    expect(screen.getByRole('button', { name: /^All accounts .*, switch account$/ })).toBeVisible()
    const table = screen.getByRole('table', { name: 'Sites' })
    expect(within(table).getByRole('link', { name: 'Alpha shop' }).getAttribute('href')).toBe('#/sites/1?account=a')
    expect(within(table).getByRole('link', { name: 'Beta blog' }).getAttribute('href')).toBe('#/sites/1?account=b')
    // Choosing an account leaves the All scope.
    await user.click(screen.getByRole('button', { name: /^All accounts .*, switch account$/ }))
    await user.click(await screen.findByRole('menuitemradio', { name: /Freelance/ }))
    await flushPromises()
    expect(useAccountsStore().scope).toBe('account')
    expect(useAccountsStore().activeAccountId).toBe('b')
    expect(screen.queryByRole('link', { name: 'Alpha shop' })).toBeNull()
  }, 30_000) // key by key through a menu that loads on first use: longer than 5 s on a busy machine

  it('is not offered with one account', async () => {
    const fake = api([makeAccount('a', { label: 'Agency' })])
    await mountApp(fake, '/sites')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: /^Agency .*, switch account$/ }))
    await screen.findByRole('menuitemradio', { name: /Agency/ })
    expect(screen.queryByRole('menuitemradio', { name: 'All accounts' })).toBeNull()
  })
})

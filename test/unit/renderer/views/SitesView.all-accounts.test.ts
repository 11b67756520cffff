// The Sites view in the All accounts scope: every account's sites in one table with their
// account, rows told apart though their ids are equal, links and opening a row going to the
// site's own account, the search across accounts, and a delete sent to the right account.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { createTestingPinia } from '@pinia/testing'
import SitesView from '../../../../src/renderer/src/views/SitesView.vue'
import { createFakeApi, makeAccount, makeSite, memoryCore } from '../support/fake-api'
import { mountView, unmountAll } from '../support/mount'
import { sortSites } from '../../../../src/renderer/src/lib/site-query'

// The sort is watched: a search must narrow the sorted rows, never sort every row again.
vi.mock('../../../../src/renderer/src/lib/site-query', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../src/renderer/src/lib/site-query')>()
  return { ...actual, sortSites: vi.fn(actual.sortSites) }
})

afterEach(() => unmountAll())

const ACCOUNTS = [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Bureau' })]

async function mountAll() {
  const core = memoryCore({
    a: { sites: [makeSite(1, { name: 'Shop' }), makeSite(2, { name: 'Blog' })] },
    b: { sites: [makeSite(1, { name: 'Clinic' }), makeSite(5, { name: 'Bakery' })] },
  })
  const fake = createFakeApi(core.methods)
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    stubActions: false,
    initialState: { accounts: { accounts: ACCOUNTS, activeAccountId: 'a', status: 'ready', scopeChoice: 'all' } },
  })
  const mounted = await mountView(SitesView, fake, { path: '/sites', pinia })
  await flushPromises()
  return { ...mounted, core, fake }
}

const table = () => screen.getByRole('table', { name: 'Sites' })
const siteRows = () => within(table()).getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0)
const rowText = () =>
  siteRows().map((row) => {
    const cells = within(row).getAllByRole('cell')
    return `${cells[1]!.textContent?.trim()} | ${cells[2]!.textContent?.trim()}`
  })

describe('SitesView in the All accounts scope', () => {
  it('lists every account’s sites with an Account column, each linking into its own account', async () => {
    await mountAll()
    const headers = within(table()).getAllByRole('columnheader').map((th) => th.textContent?.trim())
    expect(headers.slice(1, 3)).toEqual(['Name', 'Account'])
    expect(rowText()).toEqual(['Bakery | Bureau', 'Blog | Agency', 'Clinic | Bureau', 'Shop | Agency'])
    expect(document.querySelector('.list-view-count')?.textContent).toBe('4 sites')
    // Site 1 of each account: two rows, two links, each to its own account.
    expect(within(table()).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/sites/1?account=a')
    expect(within(table()).getByRole('link', { name: 'Clinic' }).getAttribute('href')).toBe('/sites/1?account=b')
    const ids = siteRows().map((row) => row.dataset.siteId)
    expect(new Set(ids).size).toBe(4)
  })

  it('opens a row in its account, searches across accounts and sorts by account', async () => {
    const { router, user } = await mountAll()
    await user.click(within(table()).getByRole('link', { name: 'Clinic' }))
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/sites/1?account=b')
    await router.push('/sites?q=b')
    await flushPromises()
    // "b": Bakery, Blog (and the Bureau label is not searched: only the site's own fields are).
    expect(rowText()).toEqual(['Bakery | Bureau', 'Blog | Agency'])
    await router.push('/sites?sort=account,-name')
    await flushPromises()
    expect(rowText()).toEqual(['Shop | Agency', 'Blog | Agency', 'Clinic | Bureau', 'Bakery | Bureau'])
  })

  it('deletes from the row menu in the site’s own account', async () => {
    const { user, core } = await mountAll()
    const clinic = siteRows().find((row) => row.textContent?.includes('Clinic'))!
    await user.pointer({ keys: '[MouseRight]', target: within(clinic).getAllByRole('cell')[3]! })
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Clinic?' })
    await user.click(within(confirm).getByRole('button', { name: /^Delete/ }))
    await vi.waitFor(() => expect(core.data.b!.sites.map((s) => s.name)).toEqual(['Bakery']))
    expect(core.data.a!.sites.map((s) => s.name)).toEqual(['Shop', 'Blog'])
  })

  it('does not sort every row again at each search keystroke while an account is chosen', async () => {
    const { router } = await mountAll()
    await router.push('/sites?account=b')
    await flushPromises()
    expect(rowText()).toEqual(['Bakery | Bureau', 'Clinic | Bureau'])
    vi.mocked(sortSites).mockClear()
    await router.push('/sites?account=b&q=c')
    await flushPromises()
    await router.push('/sites?account=b&q=cl')
    await flushPromises()
    expect(rowText()).toEqual(['Clinic | Bureau'])
    expect(sortSites).not.toHaveBeenCalled()
  })
})

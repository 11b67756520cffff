import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/dom'
import type { Result, Site } from '../../../../src/shared'
import SitesView from '../../../../src/renderer/src/views/SitesView.vue'
import { useUiStore } from '../../../../src/renderer/src/stores/ui'
import { deferred, fail, installFakeApi, makeSite, makeTag, ok, pageOf, settle } from '../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../support/mount'

const vip = makeTag(7, 'VIP')
const sites = [
  makeSite(1, { name: 'Shop', url: 'https://shop.example.com', tags: [vip], updates_count: 3 }),
  makeSite(2, { name: 'Blog', url: 'https://blog.example.org', last_check_at: null }),
  makeSite(3, { name: 'Docs', url: 'https://docs.example.net' }),
]

afterEach(unmountAll)

async function mountView(path = '/sites') {
  const router = await testRouter(path)
  const pinia = testingPinia()
  mountInBody(SitesView, { global: { plugins: [pinia, router] } })
  await settle()
  return { router, pinia, user: person() }
}

const table = () => screen.getByRole('table', { name: 'Sites' })
/** The table's site rows (the header row has column headers, not cells). */
const siteRows = () => within(table()).getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0)
const names = () => siteRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent?.trim())
const header = (name: string) => within(table()).getByRole('columnheader', { name })
const search = () => screen.getByRole('searchbox', { name: 'Search sites' })
const tagFilter = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Filter by tag' })

describe('SitesView', () => {
  it('shows skeleton rows of fixed height while loading, then the sites with their counts', async () => {
    const all = deferred<Result<Site[]>>()
    const page = deferred<Result<ReturnType<typeof pageOf<Site>>>>()
    installFakeApi({ sitesList: () => page.promise, sitesAll: () => all.promise, tagsAll: async () => ok([vip]) })
    await mountView()
    expect(table().getAttribute('aria-busy')).toBe('true')
    // The skeleton rows are there for the eye and hidden from assistive technology: only the
    // header row is announced while the table is busy.
    expect(within(table()).getAllByRole('row')).toHaveLength(1)
    expect(within(table()).getAllByRole('row', { hidden: true }).length).toBeGreaterThan(1)
    page.resolve(ok(pageOf(sites, 1)))
    all.resolve(ok(sites))
    await settle()
    expect(table().getAttribute('aria-busy')).toBeNull()
    expect(names()).toEqual(['Blog', 'Docs', 'Shop'])
    expect(screen.getByText('3 sites')).toBeTruthy()
    const headers = within(table()).getAllByRole('columnheader').map((th) => th.textContent?.trim())
    expect(headers).toEqual(['Name', 'Address', 'Status', 'Updates', 'PHP', 'MySQL', 'Web server', 'Tags', 'Last check', 'Published'])
  })

  it('keeps the rows when a refresh fails, says so, and retries', async () => {
    let reachable = true
    const fake = installFakeApi({
      sitesList: async () => ok(pageOf(sites, 1)),
      sitesAll: async () => (reachable ? ok(sites) : fail({ code: 'network', message: 'Could not reach the server.' })),
      tagsAll: async () => ok([vip]),
    })
    const { user } = await mountView()
    expect(names()).toHaveLength(3)
    expect(screen.queryByRole('alert')).toBeNull()

    reachable = false
    await user.click(screen.getByRole('button', { name: 'Refresh sites' }))
    await settle()
    expect(names()).toHaveLength(3)
    expect(screen.getByRole('alert').textContent).toContain('Could not reach the server.')

    reachable = true
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
    await settle()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(fake.api.sitesAll).toHaveBeenCalledTimes(3)
  })

  it('searches, filters and sorts, and counts what is shown', async () => {
    installFakeApi({ sitesList: async () => ok(pageOf(sites, 1)), sitesAll: async () => ok(sites), tagsAll: async () => ok([vip]) })
    const { user } = await mountView()
    await user.type(search(), 'example.org')
    expect(names()).toEqual(['Blog'])
    expect(screen.getByText('1 of 3 sites')).toBeTruthy()
    await user.clear(search())

    await user.selectOptions(tagFilter(), 'VIP')
    expect(names()).toEqual(['Shop'])
    await user.selectOptions(tagFilter(), 'All tags')

    await user.click(screen.getByRole('checkbox', { name: 'Never checked' }))
    expect(names()).toEqual(['Blog'])
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(names()).toHaveLength(3)

    await user.click(within(header('Updates')).getByRole('button', { name: 'Updates' }))
    expect(header('Updates').getAttribute('aria-sort')).toBe('descending')
    expect(names()[0]).toBe('Shop')
    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }))
    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }))
    expect(header('Name').getAttribute('aria-sort')).toBe('descending')
    expect(names()).toEqual(['Shop', 'Docs', 'Blog'])
  })

  it('takes the tag filter from the address (/sites?tag=7)', async () => {
    installFakeApi({ sitesList: async () => ok(pageOf(sites, 1)), sitesAll: async () => ok(sites), tagsAll: async () => ok([vip]) })
    await mountView('/sites?tag=7')
    expect(names()).toEqual(['Shop'])
    expect(tagFilter().value).toBe('7')
  })

  it('says so when nothing matches, and offers to clear the filters', async () => {
    installFakeApi({ sitesList: async () => ok(pageOf(sites, 1)), sitesAll: async () => ok(sites), tagsAll: async () => ok([]) })
    const { user } = await mountView()
    await user.type(search(), 'nothing like this')
    expect(screen.getByText('No sites match')).toBeTruthy()
  })

  it('shows an empty state with New site when the account has no sites', async () => {
    installFakeApi({ sitesList: async () => ok(pageOf([], 1)), sitesAll: async () => ok([]), tagsAll: async () => ok([]) })
    const { pinia, user } = await mountView()
    expect(screen.getByText('No sites yet')).toBeTruthy()
    const ui = useUiStore(pinia)
    // The header has New site too; the empty state's own button comes last.
    await user.click(screen.getAllByRole('button', { name: 'New site' }).at(-1)!)
    expect(ui.newSiteOpen).toBe(true)
  })

  it('explains a failure and retries', async () => {
    const fake = installFakeApi({
      sitesList: async () => fail({ code: 'network', message: 'Cannot connect to api.example.com.' }),
      sitesAll: async () => fail({ code: 'network', message: 'Cannot connect to api.example.com.' }),
      tagsAll: async () => ok([]),
    })
    const { user } = await mountView()
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Cannot reach the server')
    expect(alert.textContent).toContain('Cannot connect to api.example.com.')
    fake.api.sitesList.mockResolvedValue(ok(pageOf(sites, 1)))
    fake.api.sitesAll.mockResolvedValue(ok(sites))
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await settle()
    expect(names()).toHaveLength(3)
  })

  it('offers the API paging while the whole list is not there', async () => {
    const many = Array.from({ length: 20 }, (_, i) => makeSite(i + 1, { name: `Site ${String(i + 1).padStart(2, '0')}` }))
    const fake = installFakeApi({
      sitesList: async ({ page }) => ok(pageOf(many, page ?? 1)),
      sitesAll: async () => fail({ code: 'rate_limited', message: 'Too many requests.' }),
      tagsAll: async () => ok([]),
    })
    const { user } = await mountView()
    expect(screen.getByText('1–15 of 20 sites')).toBeTruthy()
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy()
    await user.click(within(pages).getByRole('button', { name: 'Next page' }))
    await settle()
    expect(fake.api.sitesList).toHaveBeenLastCalledWith({ accountId: 'a', page: 2 })
    expect(names()).toHaveLength(5)
    expect(screen.getByText('16–20 of 20 sites')).toBeTruthy()
  })

  it('renders only the visible rows of a long list', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => makeSite(i + 1))
    installFakeApi({ sitesList: async () => ok(pageOf(many, 1)), sitesAll: async () => ok(many), tagsAll: async () => ok([]) })
    await mountView()
    expect(screen.getByText('1,000 sites')).toBeTruthy()
    expect(siteRows().length).toBeGreaterThan(0)
    expect(siteRows().length).toBeLessThan(100)
  })
})

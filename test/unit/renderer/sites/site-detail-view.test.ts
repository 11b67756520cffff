import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import SiteDetailView from '../../../../src/renderer/src/views/SiteDetailView.vue'
import { fail, installFakeApi, makeSite, makeTag, ok, pageOf, settle } from '../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../support/mount'

const site = makeSite(5, {
  name: 'Shop',
  url: 'https://shop.example.com',
  admin_url: 'https://shop.example.com/admin',
  notes: 'Call Maria first.',
  tags: [makeTag(7, 'VIP')],
  updates_count: 2,
  server: { ip: '192.0.2.10', web: 'nginx/1.24.0', php: '8.2.18', mysql: '10.11.7-MariaDB' },
})

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  )
})
afterEach(unmountAll)

function api(overrides = {}) {
  return installFakeApi({
    sitesList: async () => ok(pageOf([site], 1)),
    sitesAll: async () => ok([site]),
    sitesGet: async () => ok(site),
    eventsListForSite: async () => ok(pageOf([], 1)),
    shellOpenExternal: async () => ok(undefined),
    ...overrides,
  })
}

async function mountView(id = 5) {
  const router = await testRouter(`/sites/${id}`)
  mountInBody(SiteDetailView, { props: { id }, global: { plugins: [testingPinia(), router] } })
  await settle()
  return { router, user: person() }
}

describe('SiteDetailView', () => {
  it('shows everything the API returns for the site', async () => {
    const fake = api()
    await mountView()
    expect(fake.api.sitesGet).toHaveBeenCalledWith({ accountId: 'a', siteId: 5 })
    const view = screen.getByRole('region', { name: 'Site Shop' })
    expect(within(view).getByRole('heading', { level: 1 }).textContent).toBe('Shop')
    const text = view.textContent
    for (const expected of ['https://shop.example.com', 'https://shop.example.com/admin', 'Call Maria first.', 'VIP', '192.0.2.10', 'nginx/1.24.0', '8.2.18', '10.11.7-MariaDB', '2 updates pending', 'Ok']) {
      expect(text).toContain(expected)
    }
    expect(within(view).getByRole('region', { name: 'Events' })).toBeTruthy()
  })

  it('opens addresses in the system browser', async () => {
    const fake = api()
    const { user } = await mountView()
    await user.click(screen.getByRole('button', { name: 'Open admin' }))
    await settle()
    expect(fake.api.shellOpenExternal).toHaveBeenCalledWith({ url: 'https://shop.example.com/admin' })
  })

  it('asks before deleting, names the site, and leaves only when the server said yes', async () => {
    const fake = api({ sitesDelete: async () => fail({ code: 'server', message: 'The server had a problem (500).' }) })
    const { router, user } = await mountView()
    await user.click(screen.getByRole('button', { name: 'Delete site' }))
    await settle()
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Shop”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete site' }))
    await settle()
    expect(fake.api.sitesDelete).toHaveBeenCalledWith({ accountId: 'a', siteId: 5 })
    expect(within(dialog).getByRole('alert').textContent).toContain('The server had a problem (500).')
    expect(router.currentRoute.value.path).toBe('/sites/5')

    fake.api.sitesDelete.mockResolvedValue(ok(undefined))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete site' }))
    await settle()
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/sites')
  })

  it('says when the site does not exist', async () => {
    api({
      sitesList: async () => ok(pageOf([], 1)),
      sitesAll: async () => ok([]),
      sitesGet: async () => fail({ code: 'not_found', message: 'No such site.' }),
    })
    await mountView(99)
    expect(screen.getByText('This site no longer exists')).toBeTruthy()
  })

  it('leaves the site shown from the list when reading it says it was deleted elsewhere', async () => {
    api({ sitesGet: async () => fail({ code: 'not_found', message: 'No such site.' }) })
    await mountView(5)
    expect(screen.queryByRole('heading', { name: 'Shop', level: 1 })).toBeNull()
    expect(screen.getByText('This site no longer exists')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to all sites' })).toBeTruthy()
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import type { Result, Site } from '../../../../src/shared'
import SiteDetailView from '../../../../src/renderer/src/views/SiteDetailView.vue'
import AppToaster from '../../../../src/renderer/src/components/common/AppToaster.vue'
import { createFakeApi, deferred, fail, makeEvent, makeSite, makeTag, memoryCore, ok, type AccountData } from '../support/fake-api'
import { mountInBody, mountView, unmountAll } from '../support/mount'

const SHOP = makeSite(5, {
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
afterEach(() => {
  unmountAll()
  vi.unstubAllGlobals()
})

function core(data: Partial<AccountData> = {}) {
  const made = memoryCore({ a: { sites: [{ ...SHOP }], events: [makeEvent(1, { site_id: 5, message: 'Akismet updated' }), makeEvent(2, { site_id: 6 })], ...data } })
  // The History card reads the site's history too: none recorded here.
  const historySite = async ({ accountId, siteId }: { accountId: string; siteId: number }) => ok({ accountId, siteId, changes: [], since: null })
  return { ...made, fake: createFakeApi({ ...made.methods, historySite }) }
}

const mountSite = (fake: ReturnType<typeof core>['fake'], id = 5) => mountView(SiteDetailView, fake, { path: `/sites/${id}`, props: { id } })

describe('SiteDetailView', () => {
  it('shows the site from the snapshot at once and reads it fresh from the server', async () => {
    const { fake } = core()
    const fresh = deferred<Result<Site>>()
    fake.api.syncSite.mockImplementationOnce(() => fresh.promise)
    await mountSite(fake)
    const view = screen.getByRole('region', { name: 'Site Shop' })
    expect(within(view).getByRole('heading', { level: 1 }).textContent).toBe('Shop')
    const text = view.textContent
    for (const expected of ['https://shop.example.com', 'https://shop.example.com/admin', 'Call Maria first.', 'VIP', '192.0.2.10', 'nginx/1.24.0', '8.2.18', '10.11.7-MariaDB', '2 updates pending', 'Ok']) {
      expect(text).toContain(expected)
    }
    expect(fake.api.syncSite).toHaveBeenCalledWith({ accountId: 'a', siteId: 5 })

    fresh.resolve(ok({ ...SHOP, updates_count: 4 }))
    await flushPromises()
    expect(view.textContent).toContain('4 updates pending')
  })

  it("lists the site's own events", async () => {
    const { fake } = core()
    await mountSite(fake)
    expect(fake.api.eventsQuery).toHaveBeenCalledWith({ scope: ['a'], site: 'a:5', limit: 50 })
    const list = screen.getByRole('list', { name: 'Events of Shop' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Akismet updated')])
  })

  it('links the site and its admin as real links to a new tab (the desktop app sends them to the system browser)', async () => {
    const { fake } = core()
    await mountSite(fake)
    for (const [name, href] of [
      ['Open site', SHOP.url],
      ['Open admin', 'https://shop.example.com/admin'],
    ]) {
      const link = screen.getByRole('link', { name })
      expect(link.getAttribute('href')).toBe(href)
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    }
  })

  it('never makes a link of an address that is not http(s), whatever the server sent', async () => {
    const { fake } = core({ sites: [{ ...SHOP, url: 'javascript:alert(1)', admin_url: 'file:///etc/passwd' }] })
    await mountSite(fake)
    await screen.findByRole('heading', { name: 'Shop' })
    expect(screen.queryByRole('link', { name: 'Open site' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Open admin' })).toBeNull()
    expect(screen.queryByRole('link', { name: /Open .* in a new tab/ })).toBeNull()
  })

  it('Refresh reads the site again from the server', async () => {
    const { fake } = core()
    const { user } = await mountSite(fake)
    await user.click(screen.getByRole('button', { name: 'Refresh site' }))
    await flushPromises()
    expect(fake.api.syncSite).toHaveBeenCalledTimes(2)
  })

  it('asks before deleting, names the site, and leaves only when the server said yes', async () => {
    const { fake } = core()
    fake.api.sitesDelete.mockResolvedValueOnce(fail({ code: 'server', message: 'The server had a problem (500).' }))
    const { router, user } = await mountSite(fake)
    await user.click(screen.getByRole('button', { name: 'Delete site' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Shop”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete site' }))
    await flushPromises()
    expect(fake.api.sitesDelete).toHaveBeenCalledWith({ accountId: 'a', siteId: 5 })
    expect(within(dialog).getByRole('alert').textContent).toContain('The server had a problem (500).')
    expect(router.currentRoute.value.path).toBe('/sites/5')

    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete site' }))
    await flushPromises()
    expect(router.currentRoute.value.path).toBe('/sites')
  })

  it('says in a toast that the site was deleted, or why it was not', async () => {
    const { fake } = core()
    fake.api.sitesDelete.mockResolvedValueOnce(fail({ code: 'network', message: 'Cannot reach shop.example.com.' }))
    const { pinia, user } = await mountSite(fake)
    mountInBody(AppToaster, { global: { plugins: [fake.plugin, pinia] } })
    const toasts = () => within(screen.getByRole('region', { name: 'Notifications', hidden: true }))
    await user.click(screen.getByRole('button', { name: 'Delete site' }))
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete site' }))
    await flushPromises()
    expect(toasts().getByRole('alert', { hidden: true }).textContent).toContain('Could not delete site “Shop”. Cannot reach shop.example.com.')

    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete site' }))
    await flushPromises()
    const done = toasts().getByRole('status')
    expect(done.textContent).toContain('Site “Shop” deleted.')
    expect(within(done).queryByRole('button', { name: 'Undo' })).toBeNull()
  })

  it('says a site never checked has not been checked yet, rather than "None" pending', async () => {
    const neverChecked = { ...SHOP, last_check_at: null, updates_count: 0 }
    const { fake } = core({ sites: [neverChecked] })
    fake.api.syncSite.mockResolvedValue(ok(neverChecked))
    const { user } = await mountSite(fake)
    const details = screen.getByRole('region', { name: 'Details' })
    const value = (term: string) => within(details).getByText(term).nextElementSibling?.textContent?.trim()
    expect(value('Pending updates')).toBe('Not checked yet')
    expect(value('Last check')).toBe('Not checked yet')
    expect(details.textContent).not.toContain('None')

    // Once checked, nothing pending reads "None".
    const checked = { ...neverChecked, last_check_at: new Date().toISOString() }
    fake.api.syncSite.mockResolvedValue(ok(checked))
    await user.click(screen.getByRole('button', { name: 'Refresh site' }))
    await flushPromises()
    expect(value('Pending updates')).toBe('None')
  })

  it('leaves a refused token to the token banner: the site stays, with no second alert', async () => {
    const { fake } = core()
    fake.api.syncSite.mockResolvedValue(fail({ code: 'unauthorized', message: 'The server refused the token.' }))
    await mountSite(fake)
    expect(screen.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()

    // Any other failure is the page's to say, with Retry.
    fake.api.syncSite.mockResolvedValue(fail({ code: 'network', message: 'Cannot reach the server.' }))
    await screen.getByRole('button', { name: 'Refresh site' }).click()
    await flushPromises()
    expect(screen.getByRole('alert').textContent).toContain('Cannot reach the server.')
  })

  it('says the site no longer exists when the server does not have it', async () => {
    const { fake } = core({ sites: [] })
    await mountSite(fake, 99)
    expect(screen.getByText('This site no longer exists')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to all sites' })).toBeVisible()
  })

  it('says the site no longer exists when a sync takes it out of the snapshot', async () => {
    const { data, fake } = core()
    await mountSite(fake)
    expect(screen.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible()
    data.a!.sites = []
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: true, changes: null })
    await flushPromises()
    expect(screen.queryByRole('heading', { name: 'Shop', level: 1 })).toBeNull()
    expect(screen.getByText('This site no longer exists')).toBeVisible()
  })

  it('keeps showing the site when reading it fresh fails, and offers to try again', async () => {
    const { fake } = core()
    fake.api.syncSite.mockResolvedValueOnce(fail({ code: 'network', message: 'Could not connect to api.example.com.' }))
    const { user } = await mountSite(fake)
    expect(screen.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible()
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Could not connect to api.example.com.')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

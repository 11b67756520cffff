import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import type { Site } from '../../../../../../src/shared'
import { keyOf } from '../../../../../../src/shared/scope'
import type { SiteRow } from '../../../../../../src/shared/sites-query'
import BulkDeleteDialog from '../../../../../../src/renderer/src/components/sites/bulk/BulkDeleteDialog.vue'
import { useToastsStore } from '../../../../../../src/renderer/src/stores/toasts'
import { createFakeApi, deferred, fail, makeSite, memoryCore, ok, type FakeApi } from '../../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../../support/mount'

afterEach(unmountAll)

const SITES = [
  makeSite(1, { name: 'Shop', url: 'https://shop.example.com' }),
  makeSite(2, { name: 'Blog', url: 'https://blog.example.org/news' }),
  makeSite(3, { name: 'Docs', url: 'https://docs.example.net' }),
]

function core() {
  const made = memoryCore({ a: { sites: SITES.map((s) => ({ ...s })) }, b: { sites: [makeSite(2, { name: 'Bakery', url: 'https://bakery.example' })] } })
  return { ...made, fake: createFakeApi(made.methods) }
}

const rowsOf = (sites: readonly Site[], accountId = 'a'): SiteRow[] => sites.map((site) => ({ key: keyOf(accountId, site.id), accountId, site }))

async function mountDialog(fake: FakeApi, rows: readonly SiteRow[] = rowsOf(SITES)) {
  const pinia = testingPinia()
  const router = await testRouter()
  const done: string[][] = []
  const state = { open: true }
  const wrapper: VueWrapper = mountInBody(BulkDeleteDialog, {
    props: {
      open: true,
      rows,
      'onUpdate:open': (value: boolean) => {
        state.open = value
        void wrapper.setProps({ open: value })
      },
      onDone: (keys: string[]) => done.push(keys),
    },
    global: { plugins: [fake.plugin, pinia, router] },
  })
  await flushPromises()
  return { state, pinia, done, wrapper, user: person() }
}

const dialog = () => screen.getByRole('alertdialog')
const listed = () =>
  within(dialog())
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll('.name, .host, .outcome')].map((part) => part.textContent?.trim()).join(' '))

describe('BulkDeleteDialog', () => {
  it('asks once, listing every site by name and host, and deletes nothing before the confirmation', async () => {
    const { fake } = core()
    await mountDialog(fake)
    expect(screen.getByRole('alertdialog', { name: 'Delete 3 sites?' })).toBe(dialog())
    expect(within(dialog()).getByText(/cannot be undone/)).toBeVisible()
    expect(within(dialog()).getByRole('list', { name: 'Sites to delete' })).toBeVisible()
    expect(listed()).toEqual(['Shop shop.example.com', 'Blog blog.example.org/news', 'Docs docs.example.net'])
    expect(fake.api.sitesDelete).not.toHaveBeenCalled()
    // The safe choice has the focus: Enter right away does not delete.
    expect(document.activeElement?.textContent?.trim()).toBe('Cancel')
  })

  it('deletes one at a time, shows each outcome with the reason of a failure, and retries only the failed', async () => {
    const { fake, data } = core()
    const broken = { code: 'server' as const, message: 'The server at api.example.com had a problem answering (HTTP 500).' }
    let failBlog = true
    const deleteInMemory = fake.api.sitesDelete.getMockImplementation()!
    fake.api.sitesDelete.mockImplementation(async (input) => {
      if (input.siteId === 2 && failBlog) return fail(broken)
      return deleteInMemory(input)
    })
    const { pinia, user, done, state } = await mountDialog(fake)

    await user.click(within(dialog()).getByRole('button', { name: 'Delete 3 sites' }))
    await flushPromises()

    expect(fake.api.sitesDelete.mock.calls.map(([input]) => input)).toEqual([
      { accountId: 'a', siteId: 1 },
      { accountId: 'a', siteId: 2 },
      { accountId: 'a', siteId: 3 },
    ])
    expect(screen.getByRole('alertdialog', { name: 'Some sites were not deleted' })).toBeVisible()
    expect(within(dialog()).getByRole('status').textContent?.trim()).toBe('Deleted 2 sites; 1 failed.')
    expect(listed()).toEqual([
      'Shop shop.example.com Deleted',
      `Blog blog.example.org/news Failed: ${broken.message}`,
      'Docs docs.example.net Deleted',
    ])
    expect(useToastsStore(pinia).toasts.map((t) => [t.kind, t.message, t.action])).toEqual([['error', 'Deleted 2 sites; 1 failed', undefined]])
    // The deleted ones are gone from the store; the failed one is still there.
    expect(data.a!.sites.map((s) => s.id)).toEqual([2])

    failBlog = false
    await user.click(within(dialog()).getByRole('button', { name: 'Retry failed (1)' }))
    await flushPromises()
    expect(fake.api.sitesDelete.mock.calls.map(([input]) => input.siteId)).toEqual([1, 2, 3, 2])
    expect(listed()).toEqual(['Shop shop.example.com Deleted', 'Blog blog.example.org/news Deleted', 'Docs docs.example.net Deleted'])
    expect(screen.getByRole('alertdialog', { name: 'Sites deleted' })).toBeVisible()
    expect(useToastsStore(pinia).toasts.at(-1)?.message).toBe('Deleted 3 sites')
    expect(data.a!.sites).toEqual([])

    await user.click(within(dialog()).getByRole('button', { name: 'Close' }))
    await flushPromises()
    expect(state.open).toBe(false)
    expect(done).toEqual([['a:1', 'a:3', 'a:2']])
  })

  it("deletes and retries each site in its own account, whichever account is active", async () => {
    const { fake, data } = core()
    let failBakery = true
    const deleteInMemory = fake.api.sitesDelete.getMockImplementation()!
    fake.api.sitesDelete.mockImplementation(async (input) => {
      if (input.accountId === 'b' && failBakery) return fail({ code: 'server', message: 'The server had a problem (HTTP 500).' })
      return deleteInMemory(input)
    })
    // Site 2 of account a and site 2 of account b: the same id, two sites.
    const { user } = await mountDialog(fake, [...rowsOf([SITES[1]!]), ...rowsOf(data.b!.sites, 'b')])
    await user.click(within(dialog()).getByRole('button', { name: 'Delete 2 sites' }))
    await flushPromises()
    failBakery = false
    await user.click(within(dialog()).getByRole('button', { name: 'Retry failed (1)' }))
    await flushPromises()
    expect(fake.api.sitesDelete.mock.calls.map(([input]) => input)).toEqual([
      { accountId: 'a', siteId: 2 },
      { accountId: 'b', siteId: 2 },
      { accountId: 'b', siteId: 2 },
    ])
    expect(data.b!.sites).toEqual([])
    expect(data.a!.sites.map((s) => s.name)).toEqual(['Shop', 'Docs'])
  })

  it('shows "Deleting 2 of 3…" while it runs, cannot be closed by Escape, and Stop leaves the rest alone', async () => {
    const { fake } = core()
    const held = deferred<void>()
    const deleteInMemory = fake.api.sitesDelete.getMockImplementation()!
    fake.api.sitesDelete.mockImplementation(async (input) => {
      if (input.siteId === 2) await held.promise
      return deleteInMemory(input)
    })
    const { user, state, done } = await mountDialog(fake)
    await user.click(within(dialog()).getByRole('button', { name: 'Delete 3 sites' }))
    await flushPromises()

    expect(within(dialog()).getByRole('status').textContent?.trim()).toBe('Deleting 2 of 3…')
    expect(within(dialog()).getByRole('progressbar', { name: 'Sites deleted' }).getAttribute('aria-valuenow')).toBe('33')
    expect(document.activeElement?.textContent?.trim()).toBe('Stop')
    await user.keyboard('{Escape}')
    expect(state.open).toBe(true)

    await user.click(within(dialog()).getByRole('button', { name: 'Stop' }))
    held.resolve()
    await flushPromises()
    expect(fake.api.sitesDelete.mock.calls.map(([input]) => input.siteId)).toEqual([1, 2])
    expect(listed()).toEqual(['Shop shop.example.com Deleted', 'Blog blog.example.org/news Deleted', 'Docs docs.example.net Not deleted (stopped)'])
    expect(screen.getByRole('alertdialog', { name: 'Deleting stopped' })).toBeVisible()
    expect(within(dialog()).queryByRole('button', { name: /Retry failed/ })).toBeNull()

    await user.keyboard('{Escape}')
    await flushPromises()
    expect(state.open).toBe(false)
    expect(done).toEqual([['a:1', 'a:2']])
  })

  it('reports a site someone else deleted meanwhile as already gone, not as a failure, and offers no retry for it', async () => {
    const { fake } = core()
    fake.api.sitesDelete.mockImplementation(async ({ siteId }) =>
      siteId === 1 ? fail({ code: 'not_found', message: 'Site 1 was not found (HTTP 404). It may have been deleted; refresh the list.' }) : ok(undefined),
    )
    const { pinia, user, done } = await mountDialog(fake, rowsOf(SITES.slice(0, 2)))
    await user.click(within(dialog()).getByRole('button', { name: 'Delete 2 sites' }))
    await flushPromises()
    expect(listed()).toEqual(['Shop shop.example.com Already gone', 'Blog blog.example.org/news Deleted'])
    expect(screen.getByRole('alertdialog', { name: 'Sites deleted' })).toBeVisible()
    expect(within(dialog()).getByRole('status').textContent?.trim()).toBe('Deleted 1 site; 1 already gone.')
    expect(within(dialog()).queryByRole('button', { name: /Retry failed/ })).toBeNull()
    expect(useToastsStore(pinia).toasts.map((t) => t.kind)).toEqual(['success'])

    await user.click(within(dialog()).getByRole('button', { name: 'Close' }))
    await flushPromises()
    expect(done).toEqual([['a:1', 'a:2']])
  })
})

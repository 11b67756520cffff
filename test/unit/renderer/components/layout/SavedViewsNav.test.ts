// Saved views: Save view… in the Sites toolbar (a checked, unique name), listed in the sidebar
// under Sites, highlighted when showing, opened, renamed and deleted with Undo; kept per account
// in core's prefs.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import { RouterView } from 'vue-router'
import SitesView from '../../../../../src/renderer/src/views/SitesView.vue'
import SavedViewsNav from '../../../../../src/renderer/src/components/layout/SavedViewsNav.vue'
import AppToaster from '../../../../../src/renderer/src/components/common/AppToaster.vue'
import { useCommandsStore } from '../../../../../src/renderer/src/stores/commands'
import { useSavedViewsStore } from '../../../../../src/renderer/src/stores/saved-views'
import { fromQuery } from '../../../../../src/renderer/src/lib/sites-view-state'
import { createFakeApi, makeAccount, makeSite, makeTag, memoryCore } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

const vip = makeTag(7, 'VIP')
const SITES = [
  makeSite(1, { name: 'Shop', tags: [vip], updates_count: 3 }),
  makeSite(2, { name: 'Blog', last_check_at: null }),
  makeSite(3, { name: 'Docs', status: 'Down' }),
]

// Typed key by key through dialogs and menus: longer than the default 5 s on a busy machine.
const SLOW = 30_000

afterEach(unmountAll)
// The name dialog's form loads on first use and reka-ui with it: compiled once ahead, so a find
// for the dialog does not wait on the worker's first compile of them (it outlasted findByRole's
// 1 s under load: a clean-clone CI failed on it, and one run in three alone).
beforeAll(() => import('../../../../../src/renderer/src/components/sites/filters/ViewNameForm.vue'), SLOW)

/** The sidebar's saved views beside the Sites view, as in the app's shell. */
async function mountShell(methods = memoryCore({ a: { sites: SITES.map((s) => ({ ...s })), tags: [vip] } }).methods, path = '/sites') {
  const fake = createFakeApi(methods)
  const router = await testRouter(path, [{ path: '/sites', component: SitesView }])
  const pinia = testingPinia([makeAccount('a')])
  const Shell = defineComponent({ render: () => h('div', [h('nav', { 'aria-label': 'Main' }, [h(SavedViewsNav)]), h(RouterView), h(AppToaster)]) })
  mountInBody(Shell, { global: { plugins: [fake.plugin, pinia, router] } })
  await flushPromises()
  return { fake, router, pinia, user: person() }
}

const savedList = () => screen.queryByRole('list', { name: 'Saved views' })
const savedNames = () => (savedList() ? within(savedList()!).getAllByRole('link').map((a) => a.textContent?.trim()) : [])
const names = () =>
  within(screen.getByRole('table', { name: 'Sites' }))
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent?.trim())

describe('saved views', () => {
  it('saves the view under a checked name, lists it in the sidebar and opens it again', async () => {
    const { fake, router, user } = await mountShell()
    await user.click(screen.getByRole('checkbox', { name: 'Has updates' }))
    await user.click(screen.getByRole('button', { name: 'Save view…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Save view' })
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }))
    expect(within(dialog).getByText('Give the view a name.')).toBeVisible()
    expect(within(dialog).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true')
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Needs updates ')
    await user.click(within(dialog).getByRole('button', { name: 'Save view' }))
    await flushPromises()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Saved the view “Needs updates”.')).toBeVisible()
    expect(savedNames()).toEqual(['Needs updates'])
    const stored = await fake.api.prefsGet({ key: 'sites.savedViews:a' })
    expect(stored.ok && (stored.value as { views: Array<{ name: string; query: unknown }> }).views).toEqual([
      { id: expect.any(String), name: 'Needs updates', query: { updates: '1', sort: 'name' } },
    ])
    // Showing now: highlighted.
    const link = within(savedList()!).getByRole('link', { name: 'Needs updates' })
    expect(link.getAttribute('aria-current')).toBe('page')

    // Somewhere else, then the saved view again.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    await flushPromises()
    expect(names()).toHaveLength(3)
    expect(link.getAttribute('aria-current')).toBeNull()
    await user.click(link)
    await flushPromises()
    expect(names()).toEqual(['Shop'])
    expect(router.currentRoute.value.query).toMatchObject({ updates: '1' })
    expect(link.getAttribute('aria-current')).toBe('page')

    // A second view may not take the same name, whatever its case.
    await user.click(screen.getByRole('button', { name: 'Save view…' }))
    const again = await screen.findByRole('dialog', { name: 'Save view' })
    await user.type(within(again).getByRole('textbox', { name: 'Name' }), 'needs UPDATES')
    await user.click(within(again).getByRole('button', { name: 'Save view' }))
    expect(within(again).getByText('A view named “needs UPDATES” already exists.')).toBeVisible()
    await user.keyboard('{Escape}')
  }, SLOW)

  it('renames and deletes a view from its menu, and Undo brings a deleted view back', async () => {
    const core = memoryCore({ a: { sites: SITES.map((s) => ({ ...s })), tags: [vip] } })
    await core.methods.prefsSet!({
      key: 'sites.savedViews:a',
      value: {
        views: [
          { id: 'v1', name: 'Down', query: { status: 'Down', sort: 'name' } },
          { id: 'v2', name: 'VIP', query: { tag: '7', sort: '-updates' } },
          // Not a view: left out, without breaking the others.
          { id: 3, name: '', query: 'x' },
        ],
      },
    })
    const { fake, user } = await mountShell(core.methods)
    expect(savedNames()).toEqual(['Down', 'VIP'])

    await user.click(screen.getByRole('button', { name: 'Actions for the view Down' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename view' })
    const input = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' })
    expect(input.value).toBe('Down')
    await user.clear(input)
    await user.type(input, 'vip')
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(within(dialog).getByText('A view named “vip” already exists.')).toBeVisible()
    await user.clear(input)
    await user.type(input, 'Sites down')
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }))
    await flushPromises()
    expect(savedNames()).toEqual(['Sites down', 'VIP'])

    await user.click(screen.getByRole('button', { name: 'Actions for the view Sites down' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }))
    await flushPromises()
    expect(savedNames()).toEqual(['VIP'])
    const stored = await fake.api.prefsGet({ key: 'sites.savedViews:a' })
    expect(stored.ok && (stored.value as { views: Array<{ name: string }> }).views.map((v) => v.name)).toEqual(['VIP'])
    await user.click(screen.getByRole('button', { name: 'Undo' }))
    await flushPromises()
    expect(savedNames()).toEqual(['Sites down', 'VIP'])
  }, SLOW)

  it('offers each saved view in the command palette', async () => {
    const core = memoryCore({ a: { sites: SITES.map((s) => ({ ...s })), tags: [vip] } })
    await core.methods.prefsSet!({ key: 'sites.savedViews:a', value: { views: [{ id: 'v1', name: 'Down', query: { status: 'Down', sort: 'name' } }] } })
    const { pinia, router } = await mountShell(core.methods)
    const command = useCommandsStore(pinia).all.find((c) => c.title === 'Open saved view: Down')
    expect(command).toBeTruthy()
    await command!.run()
    await flushPromises()
    expect(fromQuery(router.currentRoute.value.query).filter.status).toEqual(['Down'])
    expect(names()).toEqual(['Docs'])
  }, SLOW)

  it('says when the saved views could not be read, and Retry reads them again', async () => {
    const core = memoryCore({ a: { sites: SITES.map((s) => ({ ...s })), tags: [vip] } })
    await core.methods.prefsSet!({ key: 'sites.savedViews:a', value: { views: [{ id: 'v1', name: 'Down', query: { status: 'Down' } }] } })
    let failing = true
    const { user } = await mountShell({
      ...core.methods,
      prefsGet: async (input) =>
        failing && input.key === 'sites.savedViews:a'
          ? { ok: false, error: { code: 'internal', message: 'The local store could not be read.' } }
          : core.methods.prefsGet!(input),
    })
    expect(screen.getByText('Saved views could not be read.')).toBeVisible()
    expect(savedNames()).toEqual([])
    failing = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(screen.queryByText('Saved views could not be read.')).toBeNull()
    expect(savedNames()).toEqual(['Down'])
  }, SLOW)

  it('says why a view could not be saved when core refuses', async () => {
    const core = memoryCore({ a: { sites: SITES.map((s) => ({ ...s })), tags: [vip] } })
    const { fake, pinia } = await mountShell({
      ...core.methods,
      prefsSet: async () => ({ ok: false, error: { code: 'internal', message: 'The local store could not be written.' } }),
    })
    const store = useSavedViewsStore(pinia)
    const result = await store.save('Mine', fromQuery({ q: 'shop' }))
    expect(result.ok).toBe(false)
    expect(store.views).toEqual([])
    expect(fake.api.prefsSet).toHaveBeenCalled()
  }, SLOW)
})

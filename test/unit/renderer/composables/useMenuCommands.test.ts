// useMenuCommands: the desktop menu's 'app:command' push runs the command with that id from
// the registry, as the palette would; About and the palette are commands of their own; a
// command of the Sites view asked for elsewhere goes to that view first; what cannot run says so.
/* eslint-disable vue/one-component-per-file -- tiny stand-ins for the shell and the Sites view, not components to split out */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { RouterView, createMemoryHistory, createRouter } from 'vue-router'
import { useCommands } from '../../../../src/renderer/src/composables/useCommands'
import { useMenuCommands } from '../../../../src/renderer/src/composables/useMenuCommands'
import { useCommandsStore } from '../../../../src/renderer/src/stores/commands'
import { useShellRequestsStore } from '../../../../src/renderer/src/stores/shell-requests'
import { useToastsStore } from '../../../../src/renderer/src/stores/toasts'
import { useUiStore } from '../../../../src/renderer/src/stores/ui'
import { createFakeApi, ok } from '../support/fake-api'
import { mountInBody, testingPinia, unmountAll } from '../support/mount'

afterEach(unmountAll)

const ran: string[] = []
const importSites = vi.fn()

// The Sites view registers its import command only while it is on screen.
const SitesStub = defineComponent({
  setup() {
    useCommands(() => [{ id: 'sites.import', title: 'Import sites from a CSV file…', group: 'Sites', run: importSites }])
    return () => h('h1', 'Sites')
  },
})
const Blank = defineComponent({ render: () => h('div') })

async function mountShell(path = '/tags') {
  ran.length = 0
  importSites.mockClear()
  const fake = createFakeApi({ prefsGet: async () => ok(null), prefsSet: async () => ok(undefined) })
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [
      { path: '/sites', name: 'sites', component: SitesStub },
      { path: '/tags', name: 'tags', component: Blank },
      { path: '/about', name: 'about', component: Blank },
    ],
  })
  await router.push(path)
  await router.isReady()
  const pinia = testingPinia()
  const Shell = defineComponent({
    setup() {
      useMenuCommands()
      useCommands(() => [
        { id: 'go.sites', title: 'Go to Sites', group: 'Go to', run: () => void ran.push('go.sites') },
        { id: 'sites.new', title: 'New site', group: 'App', enabled: false, run: () => void ran.push('sites.new') },
        {
          id: 'sync.all',
          title: 'Sync all accounts now',
          group: 'Account',
          run: () => {
            throw new Error('the store is closed')
          },
        },
      ])
      return () => h(RouterView)
    },
  })
  mountInBody(Shell, { global: { plugins: [fake.plugin, pinia, router] } })
  await flushPromises()
  return { fake, router, ui: useUiStore(pinia), toasts: useToastsStore(pinia), commands: useCommandsStore(pinia), requests: useShellRequestsStore(pinia) }
}

describe('useMenuCommands', () => {
  it("takes the menu's commands while mounted and leaves them to the store once unmounted", async () => {
    const { fake, requests } = await mountShell()
    fake.emit('app:command', { id: 'go.sites' })
    expect(requests.commands).toEqual([])
    unmountAll()
    fake.emit('app:command', { id: 'go.sites' })
    await flushPromises()
    expect(ran).toEqual(['go.sites'])
    expect(requests.commands).toEqual(['go.sites'])
  })

  it('runs the registered command with the id the menu sends', async () => {
    const { fake } = await mountShell()
    fake.emit('app:command', { id: 'go.sites' })
    await flushPromises()
    expect(ran).toEqual(['go.sites'])
  })

  it('registers About, which opens the About view, and the palette, which opens and closes it', async () => {
    const { fake, router, ui, commands } = await mountShell()
    expect(commands.all.find((c) => c.id === 'help.about')?.title).toBe('About Site Manager')
    fake.emit('app:command', { id: 'help.about' })
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('about')

    expect(ui.paletteOpen).toBe(false)
    fake.emit('app:command', { id: 'app.palette' })
    await flushPromises()
    expect(ui.paletteOpen).toBe(true)
    fake.emit('app:command', { id: 'app.palette' })
    await flushPromises()
    expect(ui.paletteOpen).toBe(false)
  })

  it('goes to the Sites view for its import command when asked from another view', async () => {
    const { fake, router } = await mountShell('/tags')
    fake.emit('app:command', { id: 'sites.import' })
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('sites')
    expect(importSites).toHaveBeenCalledTimes(1)
  })

  it('says so, and runs nothing, when the command is greyed out or unknown', async () => {
    const { fake, toasts } = await mountShell()
    fake.emit('app:command', { id: 'sites.new' })
    await flushPromises()
    expect(ran).toEqual([])
    expect(toasts.toasts.at(-1)).toMatchObject({ kind: 'info', message: '“New site” is not available right now.' })

    fake.emit('app:command', { id: 'no.such.command' })
    await flushPromises()
    expect(toasts.toasts.at(-1)).toMatchObject({ kind: 'info', message: 'That action is not available here.' })
  })

  it('reports a command that fails', async () => {
    const { fake, toasts } = await mountShell()
    fake.emit('app:command', { id: 'sync.all' })
    await flushPromises()
    expect(toasts.toasts.at(-1)).toMatchObject({ kind: 'error', message: '“Sync all accounts now” failed: the store is closed' })
  })
})

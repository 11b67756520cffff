// Main's wiring of the desktop parts: the tray appears once the window is on screen, core's
// setBadge feeds the tray's tooltip and the dock/taskbar badge, and a menu item reaches the
// window as the 'app:command' push (after the page has loaded when the window is new).
// Stand-ins: ./fake-electron, with a Tray and nativeImage added here, and a fake core.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import type { CoreOptions } from '../../../src/core'

const trays = vi.hoisted(() => {
  class FakeTray {
    static created: FakeTray[] = []
    tooltip = ''
    menu: { template: MenuItemConstructorOptions[] } | null = null
    constructor(public image: { path: string }) {
      FakeTray.created.push(this)
    }
    setToolTip(text: string): void {
      this.tooltip = text
    }
    setContextMenu(menu: { template: MenuItemConstructorOptions[] }): void {
      this.menu = menu
    }
    on(): void {}
    destroy(): void {}
  }
  return { FakeTray }
})

// Read through, not copied: resetFakeElectron() replaces the fake `app` binding in each test.
vi.mock('electron', async () => {
  const fake = await import('./fake-electron')
  const added: Record<string, unknown> = {
    Tray: trays.FakeTray,
    nativeImage: { createFromPath: (path: string) => ({ path, isEmpty: () => false, resize: () => ({ path }) }) },
  }
  return Object.defineProperties(
    {},
    Object.fromEntries(
      [...Object.keys(fake), ...Object.keys(added)].map((key) => [
        key,
        { enumerable: true, get: () => (key in added ? added[key] : (fake as Record<string, unknown>)[key]) },
      ]),
    ),
  )
})

const fakeCore = vi.hoisted(() => ({ created: [] as Array<{ options: CoreOptions }> }))
vi.mock('../../../src/core', async () => {
  const { PushEmitter } = await import('../../../src/core/util/push-emitter')
  const { REQUEST_CHANNELS } = await import('../../../src/shared')
  return {
    createCore: (options: CoreOptions) => {
      const emitter = new PushEmitter()
      const core = {
        options,
        handlers: Object.fromEntries(REQUEST_CHANNELS.map((c) => [c, async () => ({ ok: true, value: c })])),
        on: (event: never, listener: never) => emitter.on(event, listener),
        dispose: async () => {},
      }
      fakeCore.created.push(core)
      return core
    },
  }
})

const electron = await import('./fake-electron')
const { runApp } = await import('../../../src/main/main-process')

let userData: string
beforeEach(() => {
  electron.resetFakeElectron()
  trays.FakeTray.created.length = 0
  fakeCore.created.length = 0
  userData = mkdtempSync(join(tmpdir(), 'desktop-wiring-'))
  electron.app.userData = userData
})
afterEach(() => rmSync(userData, { recursive: true, force: true }))

async function start() {
  runApp({ argv: ['electron', '.'] })
  electron.app.becomeReady()
  await new Promise((resolve) => setTimeout(resolve, 0))
  const window = electron.BrowserWindow.created[0]!
  return { window, core: fakeCore.created[0]! }
}

function menuItem(label: string): MenuItemConstructorOptions {
  const all = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? all(i.submenu as MenuItemConstructorOptions[]) : [])])
  const found = all((electron.Menu.applied as { template: MenuItemConstructorOptions[] }).template).find((i) => i.label === label)
  if (!found) throw new Error(`no menu item ${label}`)
  return found
}

describe('desktop wiring in main', () => {
  it('makes the tray once the window is ready to show, with the app icon', async () => {
    const { window } = await start()
    expect(trays.FakeTray.created).toHaveLength(0)
    window.emit('ready-to-show')
    expect(trays.FakeTray.created).toHaveLength(1)
    expect(trays.FakeTray.created[0]!.image.path).toMatch(/icons[/\\]32x32\.png$/)
    expect(window.options.icon).toMatch(/icons[/\\]256x256\.png$/)
  })

  it('shows core\'s pending total in the tray tooltip and on the dock/taskbar badge', async () => {
    const { window, core } = await start()
    window.emit('ready-to-show')
    core.options.setBadge!(12)
    expect(trays.FakeTray.created[0]!.tooltip).toBe('Site Manager — 12 pending updates')
    expect(electron.app.badgeCounts).toEqual([12])
  })

  it("counts the sites down core's health checks found in the tooltip, and on the badge while any are", async () => {
    const { window, core } = await start()
    window.emit('ready-to-show')
    core.options.setBadge!(12)
    core.options.setSitesDown!(3)
    expect(trays.FakeTray.created[0]!.tooltip).toBe('Site Manager — 3 sites down, 12 pending updates')
    expect(electron.app.badgeCounts.at(-1)).toBe(3)
    core.options.setSitesDown!(0)
    expect(trays.FakeTray.created[0]!.tooltip).toBe('Site Manager — 12 pending updates')
    expect(electron.app.badgeCounts.at(-1)).toBe(12)
  })

  it('sends a menu item\'s command to the window, once its page has loaded', async () => {
    const { window } = await start()
    const contents = window.webContents as typeof window.webContents & { isLoading: () => boolean; loading: boolean }
    contents.loading = true
    contents.isLoading = () => contents.loading
    ;(menuItem('Sites').click as () => void)()
    expect(contents.sent.filter((s) => s.channel === 'app:command')).toEqual([])
    contents.loading = false
    contents.emit('did-finish-load')
    ;(menuItem('About Site Manager').click as () => void)()
    expect(contents.sent.filter((s) => s.channel === 'app:command')).toEqual([
      { channel: 'app:command', payload: { id: 'go.sites' } },
      { channel: 'app:command', payload: { id: 'help.about' } },
    ])
  })
})

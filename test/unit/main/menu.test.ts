// The application menu: the app's own actions (each runs a renderer command by id), the usual
// roles, and Ctrl/Cmd+R left to the renderer.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { Menu, resetFakeElectron } from './fake-electron'
import { acceleratorFor, applicationMenuTemplate, installApplicationMenu, MENU_COMMANDS, type MenuOptions } from '../../../src/main/menu'
import { acceleratorOf, KEY_BINDINGS } from '../../../src/shared/keybindings'

vi.mock('electron', () => import('./fake-electron'))

function options(platform: NodeJS.Platform, devTools = false): MenuOptions & { shown: number; ran: string[] } {
  const result = {
    platform,
    appName: 'Site Manager',
    devTools,
    shown: 0,
    ran: [] as string[],
    showDataFolder: () => {
      result.shown += 1
    },
    runCommand: (id: string) => {
      result.ran.push(id)
    },
  }
  return result
}

function allItems(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? allItems(item.submenu as MenuItemConstructorOptions[]) : []),
  ])
}

describe('applicationMenuTemplate', () => {
  beforeEach(resetFakeElectron)

  it('has File, Edit, View, Window and Help on Windows and Linux', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const template = applicationMenuTemplate(options(platform))
      expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help'])
      expect(template.find((m) => m.label === 'Edit')?.role).toBe('editMenu')
      expect(template.find((m) => m.label === 'Window')?.role).toBe('windowMenu')
      const roles = allItems(template).map((i) => i.role)
      expect(roles).toEqual(expect.arrayContaining(['quit', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']))
    }
  })

  it('starts with the app menu on macOS and closes the window instead of quitting from File', () => {
    const template = applicationMenuTemplate(options('darwin'))
    expect(template[0]).toMatchObject({ label: 'Site Manager' })
    expect(allItems([template[0]!]).map((i) => i.role)).toEqual(expect.arrayContaining(['hide', 'quit']))
    const file = template.find((m) => m.label === 'File')!
    expect(allItems([file]).map((i) => i.role)).toContain('close')
    expect(allItems([file]).map((i) => i.role)).not.toContain('quit')
  })

  it.each(['darwin', 'win32', 'linux'] as const)('leaves Ctrl/Cmd+R free for the renderer on %s', (platform) => {
    const items = allItems(applicationMenuTemplate(options(platform, true)))
    expect(items.map((i) => i.role)).not.toContain('reload')
    for (const item of items) {
      const plainR = /^(cmdorctrl|commandorcontrol|ctrl|cmd|command|control)\+r$/.test(String(item.accelerator ?? '').replace(/\s/g, '').toLowerCase())
      // Shown as a hint at most, never registered; macOS cannot show one unregistered.
      if (plainR) {
        expect(item.registerAccelerator).toBe(false)
        expect(platform).not.toBe('darwin')
      }
    }
    // Reloading the window stays possible on Shift+Ctrl/Cmd+R.
    expect(items.map((i) => i.role)).toContain('forceReload')
  })

  it('takes each accelerator from the keys table the page and the palette read', () => {
    const opts = options('linux')
    const items = allItems(applicationMenuTemplate(opts))
    // The command each item runs, found by clicking it.
    const runs = (item: MenuItemConstructorOptions): string | undefined => {
      opts.ran.length = 0
      ;(item.click as (() => void) | undefined)?.()
      return opts.ran[0]
    }
    // The keys the menu handles (the table's own keys are the Sites table's, never the menu's).
    for (const binding of KEY_BINDINGS.filter((b) => b.handledBy === 'menu' || b.handledBy === 'both')) {
      const item = items.find((i) => runs(i) === binding.command)
      expect(item?.accelerator, binding.command).toBe(acceleratorOf(binding.command))
      expect(item?.registerAccelerator, binding.command).toBeUndefined()
    }
    const byLabel = (label: string) => items.find((i) => i.label === label)!
    expect(byLabel('New Site…').accelerator).toBe('CmdOrCtrl+N')
    expect(byLabel('Overview').accelerator).toBe('CmdOrCtrl+1')
    expect(byLabel('Command Palette…').accelerator).toBe('CmdOrCtrl+Shift+P')
    // A key only the page handles, and no Ctrl combination: no accelerator at all.
    expect(byLabel('Keyboard Shortcuts').accelerator).toBeUndefined()
  })

  it.each([false, true])('takes accelerators only from the keys the menu handles (macOS: %s)', (isMac) => {
    for (const binding of KEY_BINDINGS) {
      const got = acceleratorFor(binding.command, isMac)
      if (binding.handledBy === 'menu' || binding.handledBy === 'both') {
        expect(got, binding.command).toEqual({ accelerator: acceleratorOf(binding.command) })
      } else if (binding.handledBy === 'table') {
        // The Sites table's Ctrl+A, Delete, Escape, Shift+F10: registered, the menu would catch them first.
        expect(got, binding.command).toEqual({})
      } else {
        expect(got.registerAccelerator === false || got.accelerator === undefined, binding.command).toBe(true)
      }
    }
    expect(KEY_BINDINGS.some((b) => b.handledBy === 'table' && b.keys[0] === 'Ctrl+A')).toBe(true)
  })

  it('offers developer tools only when asked to', () => {
    expect(allItems(applicationMenuTemplate(options('linux', false))).map((i) => i.role)).not.toContain('toggleDevTools')
    expect(allItems(applicationMenuTemplate(options('linux', true))).map((i) => i.role)).toContain('toggleDevTools')
  })

  it('opens the data folder from the menu', () => {
    const opts = options('linux')
    const item = allItems(applicationMenuTemplate(opts)).find((i) => i.label === 'Show App Data Folder')!
    ;(item.click as () => void)()
    expect(opts.shown).toBe(1)
  })

  it('installs the menu as the application menu', () => {
    installApplicationMenu(options('linux'))
    expect((Menu.applied as { template: MenuItemConstructorOptions[] }).template.map((m) => m.label)).toEqual([
      'File',
      'Edit',
      'View',
      'Window',
      'Help',
    ])
  })

  function clickLabel(opts: MenuOptions, label: string): void {
    const item = allItems(applicationMenuTemplate(opts)).find((i) => i.label === label)
    expect(item, label).toBeDefined()
    ;(item!.click as () => void)()
  }

  it.each(['darwin', 'win32', 'linux'] as const)('runs the app\'s own commands with their shortcuts on %s', (platform) => {
    const opts = options(platform)
    const expected: Array<[string, string, string | undefined]> = [
      ['New Site…', 'sites.new', 'CmdOrCtrl+N'],
      ['Import Sites…', 'sites.import', undefined],
      ['As CSV…', 'sites.export.csv', undefined],
      ['As JSON…', 'sites.export.json', undefined],
      ['Overview', 'go.overview', 'CmdOrCtrl+1'],
      ['Sites', 'go.sites', 'CmdOrCtrl+2'],
      ['Tags', 'go.tags', 'CmdOrCtrl+3'],
      ['Events', 'go.events', 'CmdOrCtrl+4'],
      ['Accounts', 'go.accounts', 'CmdOrCtrl+5'],
      ['Command Palette…', 'app.palette', 'CmdOrCtrl+Shift+P'],
      ['Refresh', 'view.refresh', platform === 'darwin' ? undefined : 'CmdOrCtrl+R'],
      ['Sync All Accounts Now', 'sync.all', undefined],
      ['Keyboard Shortcuts', 'help.shortcuts', undefined],
      ['About Site Manager', 'help.about', undefined],
    ]
    const items = allItems(applicationMenuTemplate(opts))
    for (const [label, id, accelerator] of expected) {
      const item = items.find((i) => i.label === label)
      expect(item?.accelerator, label).toBe(accelerator)
      clickLabel(opts, label)
      expect(opts.ran.at(-1), label).toBe(id)
    }
    expect(new Set(opts.ran)).toEqual(new Set(Object.values(MENU_COMMANDS)))
  })

  it('gives no two items the same accelerator', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const accelerators = allItems(applicationMenuTemplate(options(platform, true)))
        .map((i) => i.accelerator)
        .filter((a): a is string => typeof a === 'string')
      expect(new Set(accelerators).size).toBe(accelerators.length)
    }
  })

  it('puts About in the app menu on macOS and under Help elsewhere', () => {
    const mac = applicationMenuTemplate(options('darwin'))
    expect(allItems([mac[0]!]).some((i) => i.label === 'About Site Manager')).toBe(true)
    expect(allItems([mac.find((m) => m.label === 'Help')!]).some((i) => i.label === 'About Site Manager')).toBe(false)
    const linux = applicationMenuTemplate(options('linux'))
    expect(allItems([linux.find((m) => m.label === 'Help')!]).some((i) => i.label === 'About Site Manager')).toBe(true)
  })
})

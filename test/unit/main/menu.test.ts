// The application menu: the usual roles, and Ctrl/Cmd+R left to the renderer.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { Menu, resetFakeElectron } from './fake-electron'
import { applicationMenuTemplate, installApplicationMenu, type MenuOptions } from '../../../src/main/menu'

vi.mock('electron', () => import('./fake-electron'))

function options(platform: NodeJS.Platform, devTools = false): MenuOptions & { shown: number } {
  const result = {
    platform,
    appName: 'Site Manager',
    devTools,
    shown: 0,
    showDataFolder: () => {
      result.shown += 1
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
      expect(roles).toEqual(expect.arrayContaining(['quit', 'about', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']))
    }
  })

  it('starts with the app menu on macOS and closes the window instead of quitting from File', () => {
    const template = applicationMenuTemplate(options('darwin'))
    expect(template[0]).toMatchObject({ role: 'appMenu', label: 'Site Manager' })
    const file = template.find((m) => m.label === 'File')!
    expect(allItems([file]).map((i) => i.role)).toContain('close')
    expect(allItems([file]).map((i) => i.role)).not.toContain('quit')
  })

  it.each(['darwin', 'win32', 'linux'] as const)('leaves Ctrl/Cmd+R free for the renderer on %s', (platform) => {
    const items = allItems(applicationMenuTemplate(options(platform, true)))
    expect(items.map((i) => i.role)).not.toContain('reload')
    for (const item of items) {
      expect(String(item.accelerator ?? '').replace(/\s/g, '').toLowerCase()).not.toMatch(/^(cmdorctrl|commandorcontrol|ctrl|cmd|command|control)\+r$/)
    }
    // Reloading the window stays possible on Shift+Ctrl/Cmd+R.
    expect(items.map((i) => i.role)).toContain('forceReload')
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
})

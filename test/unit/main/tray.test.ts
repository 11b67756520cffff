// The tray: its tooltip carries the pending total from core's setBadge, its menu shows the
// window, syncs every account through core's handlers, and quits.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'

const fakes = vi.hoisted(() => {
  class FakeTray {
    static created: FakeTray[] = []
    tooltip = ''
    menu: { template: MenuItemConstructorOptions[] } | null = null
    destroyed = false
    listeners = new Map<string, () => void>()
    constructor(public image: unknown) {
      FakeTray.created.push(this)
    }
    setToolTip(text: string): void {
      this.tooltip = text
    }
    setContextMenu(menu: { template: MenuItemConstructorOptions[] }): void {
      this.menu = menu
    }
    on(event: string, listener: () => void): void {
      this.listeners.set(event, listener)
    }
    destroy(): void {
      this.destroyed = true
    }
  }
  const image = { isEmpty: () => false, resize: () => image, path: '' }
  return {
    FakeTray,
    nativeImage: {
      createFromPath: (path: string) => ({ ...image, path }),
    },
    Menu: { buildFromTemplate: (template: MenuItemConstructorOptions[]) => ({ template }) },
  }
})

vi.mock('electron', () => ({ Tray: fakes.FakeTray, nativeImage: fakes.nativeImage, Menu: fakes.Menu }))

const { installTray, trayTooltip, updatePendingTotal, updateSitesDown, badgeCount, destroyTray } = await import('../../../src/main/tray')
const { syncAllAccounts } = await import('../../../src/main/sync-all')

function install() {
  const calls: string[] = []
  const tray = installTray({
    appName: 'Site Manager',
    iconPath: '/app/out/icons/32x32.png',
    showWindow: () => calls.push('show'),
    syncAll: () => calls.push('sync'),
    quit: () => calls.push('quit'),
  }) as unknown as InstanceType<typeof fakes.FakeTray>
  return { tray, calls }
}

describe('tray', () => {
  beforeEach(() => {
    destroyTray()
    fakes.FakeTray.created.length = 0
  })

  it('words the pending total plainly', () => {
    expect(trayTooltip('Site Manager', 12)).toBe('Site Manager — 12 pending updates')
    expect(trayTooltip('Site Manager', 1)).toBe('Site Manager — 1 pending update')
    expect(trayTooltip('Site Manager', 0)).toBe('Site Manager — no pending updates')
    expect(trayTooltip('Site Manager', null)).toBe('Site Manager')
  })

  it('shows the icon and follows the pending total in its tooltip', () => {
    const { tray } = install()
    expect((tray.image as { path: string }).path).toBe('/app/out/icons/32x32.png')
    updatePendingTotal(12)
    expect(tray.tooltip).toBe('Site Manager — 12 pending updates')
    updatePendingTotal(0)
    expect(tray.tooltip).toBe('Site Manager — no pending updates')
  })

  it('counts the sites down first, in the tooltip and the badge, and goes back to the pending total once none are', () => {
    const { tray } = install()
    updatePendingTotal(12)
    expect(badgeCount()).toBe(12)
    updateSitesDown(3)
    expect(tray.tooltip).toBe('Site Manager — 3 sites down, 12 pending updates')
    expect(badgeCount()).toBe(3)
    updateSitesDown(1)
    expect(tray.tooltip).toBe('Site Manager — 1 site down, 12 pending updates')
    expect(trayTooltip('Site Manager', null, 2)).toBe('Site Manager — 2 sites down')
    updateSitesDown(0)
    expect(tray.tooltip).toBe('Site Manager — 12 pending updates')
    expect(badgeCount()).toBe(12)
  })

  it('keeps a total that came before the tray was made', () => {
    updatePendingTotal(3)
    const { tray } = install()
    expect(tray.tooltip).toBe('Site Manager — 3 pending updates')
  })

  it('offers Show, Sync All Now and Quit, and a click on the icon shows the window', () => {
    const { tray, calls } = install()
    const items = tray.menu!.template.filter((i) => i.type !== 'separator')
    expect(items.map((i) => i.label)).toEqual(['Show Site Manager', 'Sync All Now', 'Quit'])
    for (const item of items) (item.click as () => void)()
    tray.listeners.get('click')!()
    expect(calls).toEqual(['show', 'sync', 'quit', 'show'])
  })

  it('replaces the tray when made again', () => {
    const first = install().tray
    install()
    expect(first.destroyed).toBe(true)
    expect(fakes.FakeTray.created).toHaveLength(2)
  })
})

describe('syncAllAccounts', () => {
  it('syncs every account core lists', async () => {
    const synced: unknown[] = []
    const count = await syncAllAccounts({
      'accounts:list': async () => ({ ok: true, value: { accounts: [{ id: 'a1' }, { id: 'a2' }] as never, lastActiveId: 'a1' } }),
      'sync:now': async (input) => {
        synced.push(input)
        return { ok: true, value: {} as never }
      },
    })
    expect(count).toBe(2)
    expect(synced).toEqual([{ accountId: 'a1' }, { accountId: 'a2' }])
  })

  it('syncs nothing when the accounts cannot be read', async () => {
    const sync = vi.fn()
    const count = await syncAllAccounts({
      'accounts:list': async () => ({ ok: false, error: { code: 'internal', message: 'no store' } as never }),
      'sync:now': sync,
    })
    expect(count).toBe(0)
    expect(sync).not.toHaveBeenCalled()
  })
})

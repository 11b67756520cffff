// The tray (notification area / menu bar) icon: the sites down and the pending total at a
// glance in its tooltip, and a short menu to show the window or sync every account without
// opening it. The total comes from core's setBadge option (CoreOptions.setBadge), through
// updatePendingTotal; the sites down from its setSitesDown (core's health checks), through
// updateSitesDown. The dock or taskbar badge is badgeCount(): the sites down while any are,
// else the pending total (a site down is what the person must hear of first).
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron'

export interface TrayOptions {
  appName: string
  /** A PNG of the app's mark (16 or 32 px suits every platform's tray). */
  iconPath: string
  showWindow: () => void
  syncAll: () => void
  quit: () => void
}

/** "Site Manager — 2 sites down, 12 pending updates"; no count, or none pending, says so plainly. */
export function trayTooltip(appName: string, pending: number | null, down = 0): string {
  const downText = down > 0 ? `${down} ${down === 1 ? 'site' : 'sites'} down` : null
  if (pending === null) return downText === null ? appName : `${appName} — ${downText}`
  const pendingText = pending === 0 ? 'no pending updates' : `${pending} pending ${pending === 1 ? 'update' : 'updates'}`
  return `${appName} — ${downText === null ? pendingText : `${downText}, ${pendingText}`}`
}

export function trayMenuTemplate(options: Pick<TrayOptions, 'appName' | 'showWindow' | 'syncAll' | 'quit'>): MenuItemConstructorOptions[] {
  return [
    { label: `Show ${options.appName}`, click: () => options.showWindow() },
    { label: 'Sync All Now', click: () => options.syncAll() },
    { type: 'separator' },
    { label: 'Quit', click: () => options.quit() },
  ]
}

let tray: Tray | null = null
let appName = ''
let lastTotal: number | null = null
let lastDown = 0

/** Makes the one tray icon (again: a second call replaces the first). */
export function installTray(options: TrayOptions): Tray {
  tray?.destroy()
  appName = options.appName
  const image = nativeImage.createFromPath(options.iconPath)
  // The macOS menu bar is 22 px high: its icons are 16 pt. Elsewhere the system scales the 32 px.
  tray = new Tray(process.platform === 'darwin' && !image.isEmpty() ? image.resize({ width: 16, height: 16 }) : image)
  tray.setToolTip(trayTooltip(appName, lastTotal, lastDown))
  tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(options)))
  // Windows and Linux: a click on the icon brings the window (the menu is on the other button).
  tray.on('click', () => options.showWindow())
  return tray
}

/** The pending updates of every account together, from core's setBadge; the tooltip follows. */
export function updatePendingTotal(count: number): void {
  lastTotal = Math.max(0, Math.floor(count))
  tray?.setToolTip(trayTooltip(appName, lastTotal, lastDown))
}

/** The sites down across every account, from core's setSitesDown; the tooltip follows. */
export function updateSitesDown(count: number): void {
  lastDown = Math.max(0, Math.floor(count))
  tray?.setToolTip(trayTooltip(appName, lastTotal, lastDown))
}

/** The dock or taskbar badge: the sites down while any are, else the pending updates. */
export function badgeCount(): number {
  return lastDown > 0 ? lastDown : (lastTotal ?? 0)
}

export function destroyTray(): void {
  tray?.destroy()
  tray = null
}

// The tray (notification area / menu bar) icon: the pending total at a glance in its tooltip,
// and a short menu to show the window or sync every account without opening it. The total
// comes from core's setBadge option (CoreOptions.setBadge), through updatePendingTotal.
import { Menu, Tray, nativeImage, type MenuItemConstructorOptions } from 'electron'

export interface TrayOptions {
  appName: string
  /** A PNG of the app's mark (16 or 32 px suits every platform's tray). */
  iconPath: string
  showWindow: () => void
  syncAll: () => void
  quit: () => void
}

/** "Site Manager — 12 pending updates"; no count, or none pending, says so plainly. */
export function trayTooltip(appName: string, pending: number | null): string {
  if (pending === null) return appName
  if (pending === 0) return `${appName} — no pending updates`
  return `${appName} — ${pending} pending ${pending === 1 ? 'update' : 'updates'}`
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

/** Makes the one tray icon (again: a second call replaces the first). */
export function installTray(options: TrayOptions): Tray {
  tray?.destroy()
  appName = options.appName
  const image = nativeImage.createFromPath(options.iconPath)
  // The macOS menu bar is 22 px high: its icons are 16 pt. Elsewhere the system scales the 32 px.
  tray = new Tray(process.platform === 'darwin' && !image.isEmpty() ? image.resize({ width: 16, height: 16 }) : image)
  tray.setToolTip(trayTooltip(appName, lastTotal))
  tray.setContextMenu(Menu.buildFromTemplate(trayMenuTemplate(options)))
  // Windows and Linux: a click on the icon brings the window (the menu is on the other button).
  tray.on('click', () => options.showWindow())
  return tray
}

/** The pending updates of every account together, from core's setBadge; the tooltip follows. */
export function updatePendingTotal(count: number): void {
  lastTotal = Math.max(0, Math.floor(count))
  tray?.setToolTip(trayTooltip(appName, lastTotal))
}

export function destroyTray(): void {
  tray?.destroy()
  tray = null
}

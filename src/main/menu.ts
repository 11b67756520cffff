// The application menu with the usual roles. Ctrl/Cmd+R is deliberately left free: the
// renderer uses it to refresh data, and a menu accelerator would catch the keys before the
// page sees them. Reloading the window is on Shift+Ctrl/Cmd+R (the forceReload role).
import { Menu, type MenuItemConstructorOptions } from 'electron'

export interface MenuOptions {
  platform: NodeJS.Platform
  appName: string
  /** Developer tools are offered only in unpackaged builds. */
  devTools: boolean
  /** Opens the folder holding settings and caches, for support questions. */
  showDataFolder: () => void
}

export function applicationMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'

  const appMenu: MenuItemConstructorOptions[] = isMac ? [{ label: options.appName, role: 'appMenu' }] : []

  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Show App Data Folder', click: () => options.showDataFolder() },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  }

  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'forceReload', label: 'Reload Window' },
      ...(options.devTools ? [{ role: 'toggleDevTools' } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  }

  const help: MenuItemConstructorOptions = {
    label: 'Help',
    role: 'help',
    // macOS puts About in the app menu; elsewhere it lives here.
    submenu: isMac
      ? [{ label: 'Show App Data Folder', click: () => options.showDataFolder() }]
      : [{ role: 'about', label: `About ${options.appName}` }],
  }

  return [...appMenu, file, { label: 'Edit', role: 'editMenu' }, view, { label: 'Window', role: 'windowMenu' }, help]
}

export function installApplicationMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(options)))
}

// The application menu: the app's own actions with their shortcuts (shared/keybindings.ts,
// the table the page's keys and the palette read too), and the usual roles.
// Each of the app's items asks the renderer to run the command with that id from its command
// registry (the 'app:command' push), so the menu, the palette and the in-page shortcuts all
// run the same code. Ctrl/Cmd+R is deliberately left free: the renderer uses it to refresh
// data, and a registered accelerator would catch the keys before the page sees them. On
// Windows and Linux, View → Refresh shows "Ctrl+R" as a hint only (registerAccelerator: false,
// which macOS does not offer: there the item has no shortcut shown). Reloading the window is
// on Shift+Ctrl/Cmd+R (the forceReload role).
// Ctrl/Cmd+N and Ctrl/Cmd+Shift+P are also the page's own keys: the page sees a key first and
// cancels these (useGlobalShortcuts), so the menu's accelerator acts only when the page did not
// take the keys, and an action never runs twice.
import { Menu, type MenuItemConstructorOptions } from 'electron'
import { acceleratorOf, KEY_BINDINGS } from '../shared/keybindings'

export interface MenuOptions {
  platform: NodeJS.Platform
  appName: string
  /** Developer tools are offered only in unpackaged builds. */
  devTools: boolean
  /** Opens the folder holding settings and caches, for support questions. */
  showDataFolder: () => void
  /** Asks the renderer to run the command with this id (see MENU_COMMANDS). */
  runCommand: (id: string) => void
}

/** The renderer's command ids the menu runs; they are registered in useAppCommands and the views. */
export const MENU_COMMANDS = {
  newSite: 'sites.new',
  importSites: 'sites.import',
  exportCsv: 'sites.export.csv',
  exportJson: 'sites.export.json',
  overview: 'go.overview',
  sites: 'go.sites',
  tags: 'go.tags',
  events: 'go.events',
  accounts: 'go.accounts',
  palette: 'app.palette',
  refresh: 'view.refresh',
  syncAll: 'sync.all',
  shortcuts: 'help.shortcuts',
  about: 'help.about',
} as const

export function applicationMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin'
  const command = (label: string, id: string): MenuItemConstructorOptions => ({
    label,
    ...acceleratorFor(id, isMac),
    click: () => options.runCommand(id),
  })
  const about = command(`About ${options.appName}`, MENU_COMMANDS.about)

  // macOS: the app menu with our own About (the renderer's, with the licenses) in place of the role.
  const appMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: options.appName,
          submenu: [
            about,
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : []

  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      command('New Site…', MENU_COMMANDS.newSite),
      command('Import Sites…', MENU_COMMANDS.importSites),
      {
        label: 'Export Sites',
        submenu: [command('As CSV…', MENU_COMMANDS.exportCsv), command('As JSON…', MENU_COMMANDS.exportJson)],
      },
      { type: 'separator' },
      command('Sync All Accounts Now', MENU_COMMANDS.syncAll),
      { type: 'separator' },
      { label: 'Show App Data Folder', click: () => options.showDataFolder() },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  }

  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      command('Overview', MENU_COMMANDS.overview),
      command('Sites', MENU_COMMANDS.sites),
      command('Tags', MENU_COMMANDS.tags),
      command('Events', MENU_COMMANDS.events),
      command('Accounts', MENU_COMMANDS.accounts),
      { type: 'separator' },
      command('Refresh', MENU_COMMANDS.refresh),
      command('Command Palette…', MENU_COMMANDS.palette),
      { type: 'separator' },
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
    submenu: [
      command('Keyboard Shortcuts', MENU_COMMANDS.shortcuts),
      // macOS puts About in the app menu; elsewhere it lives here.
      ...(isMac ? [] : [{ type: 'separator' } as const, about]),
    ],
  }

  return [...appMenu, file, { label: 'Edit', role: 'editMenu' }, view, { label: 'Window', role: 'windowMenu' }, help]
}

export function installApplicationMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(options)))
}

/**
 * The menu item's accelerator from the keys table: registered for keys the menu handles
 * ('menu' or 'both'); for a Ctrl/Cmd key only the page handles, a hint never registered (see
 * the top of this file; macOS cannot show an unregistered one, so there it has none). The Sites
 * table's own keys are never the menu's: registered, Ctrl+A or Delete would be caught by the
 * menu before the table or a text field saw them.
 */
export function acceleratorFor(id: string, isMac: boolean): Pick<MenuItemConstructorOptions, 'accelerator' | 'registerAccelerator'> {
  const accelerator = acceleratorOf(id)
  const binding = KEY_BINDINGS.find((b) => b.command === id)
  if (accelerator === undefined || binding === undefined) return {}
  if (binding.handledBy === 'menu' || binding.handledBy === 'both') return { accelerator }
  if (binding.handledBy !== 'page') return {}
  return isMac || !accelerator.startsWith('CmdOrCtrl+') ? {} : { accelerator, registerAccelerator: false }
}

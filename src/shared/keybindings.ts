// The app's keys, written once: which command each combination runs, where it is handled, and
// how the shortcut sheet names it. The page's one dispatcher (useGlobalShortcuts), the command
// palette and sheet, and the desktop menu's accelerators (main/menu.ts) all read this table.
// Keys are written with "Ctrl", shown as Cmd on macOS; the Sites table's own keys (selection,
// row menu) live with the table.

export interface KeyBinding {
  /** The id of the command the keys run (stores/commands, main/menu.ts's MENU_COMMANDS). */
  command: string
  /** Each combination, such as "Ctrl+Shift+P" or "?"; the first is the one menus show. */
  keys: readonly string[]
  /** How the shortcut sheet names it; absent: not on the sheet. */
  label?: string
  /**
   * Who handles the keys: the page's dispatcher ('page'), the desktop menu's accelerator
   * ('menu': keys a browser keeps for itself, such as Ctrl+1 for its first tab), or both, the
   * page first and the menu only when the page did not take them.
   */
  handledBy: 'page' | 'menu' | 'both'
}

export const KEY_BINDINGS: readonly KeyBinding[] = [
  { command: 'app.palette', keys: ['Ctrl+Shift+P', 'F1'], label: 'Open the command palette', handledBy: 'both' },
  { command: 'sites.search.focus', keys: ['Ctrl+K'], label: 'Search the sites', handledBy: 'page' },
  { command: 'sites.new', keys: ['Ctrl+N'], label: 'New site', handledBy: 'both' },
  { command: 'view.refresh', keys: ['Ctrl+R'], label: 'Refresh the view (sync the account)', handledBy: 'page' },
  { command: 'help.shortcuts', keys: ['?'], label: 'Show these keyboard shortcuts', handledBy: 'page' },
  { command: 'go.overview', keys: ['Ctrl+1'], handledBy: 'menu' },
  { command: 'go.sites', keys: ['Ctrl+2'], handledBy: 'menu' },
  { command: 'go.tags', keys: ['Ctrl+3'], handledBy: 'menu' },
  { command: 'go.events', keys: ['Ctrl+4'], handledBy: 'menu' },
  { command: 'go.accounts', keys: ['Ctrl+5'], handledBy: 'menu' },
]

/** The keys of a command as shown (its first combination), or undefined. */
export function shortcutOf(command: string): string | undefined {
  return KEY_BINDINGS.find((binding) => binding.command === command)?.keys[0]
}

/** The command's first combination as an Electron accelerator ("Ctrl+N" → "CmdOrCtrl+N"). */
export function acceleratorOf(command: string): string | undefined {
  return shortcutOf(command)?.replace(/^Ctrl\+/, 'CmdOrCtrl+')
}

/** What a key press is, as far as the table tells presses apart. */
export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/**
 * Whether a press is the combination: Ctrl is Ctrl or Cmd; every other modifier must be as
 * written. A lone character ("?") ignores Shift, which typing it may need.
 */
export function pressMatches(press: KeyPress, combination: string): boolean {
  const parts = combination.split('+')
  const key = parts[parts.length - 1]!
  const mods = new Set(parts.slice(0, -1))
  if (press.altKey !== mods.has('Alt')) return false
  if ((press.ctrlKey || press.metaKey) !== mods.has('Ctrl')) return false
  const lone = mods.size === 0 && key.length === 1 && !/[a-z0-9]/i.test(key)
  if (!lone && press.shiftKey !== mods.has('Shift')) return false
  return press.key.toLowerCase() === key.toLowerCase()
}

/** The binding the page handles for this press, if any. */
export function pageBindingFor(press: KeyPress): KeyBinding | undefined {
  return KEY_BINDINGS.find((binding) => binding.handledBy !== 'menu' && binding.keys.some((keys) => pressMatches(press, keys)))
}

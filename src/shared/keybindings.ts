// The app's keys, written once: which command each combination runs, where it is handled, and
// how the shortcut sheet names it. The page's one dispatcher (useGlobalShortcuts), the command
// palette and sheet, and the desktop menu's accelerators (main/menu.ts) all read this table.
// Keys are written with "Ctrl", shown as Cmd on macOS. The Sites table's own keys (selection,
// Delete, the row menu) are here too, handled by the table itself while it is on screen
// (components/sites/table/useTableKeys.ts), since they act on its rows and its focus.

/** A modifier as keys are written ("Ctrl" is Ctrl or Cmd). */
export type Modifier = 'Ctrl' | 'Shift' | 'Alt'

export interface KeyBinding {
  /**
   * The id of the command the keys run (stores/commands, main/menu.ts's MENU_COMMANDS); for
   * the table's keys, the table's action of that name (selectAll and clear are also commands).
   */
  command: string
  /** Each combination, such as "Ctrl+Shift+P" or "?"; the first is the one menus show. */
  keys: readonly string[]
  /** How the shortcut sheet names it; absent: not on the sheet. */
  label?: string
  /**
   * Who handles the keys: the page's dispatcher ('page'), the desktop menu's accelerator
   * ('menu': keys a browser keeps for itself, such as Ctrl+1 for its first tab), or both, the
   * page first and the menu only when the page did not take them. 'table': the Sites table's
   * own listeners, never the page's dispatcher or the menu.
   */
  handledBy: 'page' | 'menu' | 'both' | 'table'
  /**
   * Modifiers a press may add and still be these keys (a written modifier must always be
   * pressed): the table's Escape, Delete and menu keys have always let them through.
   */
  alsoWith?: readonly Modifier[]
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
  // The Sites table's (the sheet's "Sites table" section, in its order with the mouse's lines).
  { command: 'sites.table.selectAll', keys: ['Ctrl+A'], label: 'Select every matching site', handledBy: 'table' },
  { command: 'sites.selection.clear', keys: ['Escape'], label: 'Clear the selection', handledBy: 'table', alsoWith: ['Ctrl', 'Shift', 'Alt'] },
  // On the focused row: the keyboard's menu key (shown as "Menu") or Shift+F10.
  { command: 'sites.table.rowMenu', keys: ['Shift+F10', 'ContextMenu'], label: 'Open the row’s menu', handledBy: 'table', alsoWith: ['Ctrl', 'Shift', 'Alt'] },
  // The selection, or the focused row when it is not in the selection.
  { command: 'sites.table.delete', keys: ['Delete'], label: 'Delete the selected sites', handledBy: 'table', alsoWith: ['Shift'] },
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
 * written, except those `alsoWith` lets a press add. A lone character ("?") ignores Shift,
 * which typing it may need.
 */
export function pressMatches(press: KeyPress, combination: string, alsoWith: readonly Modifier[] = []): boolean {
  const parts = combination.split('+')
  const key = parts[parts.length - 1]!
  const mods = new Set(parts.slice(0, -1))
  const modifierAsWritten = (pressed: boolean, modifier: Modifier): boolean => (mods.has(modifier) ? pressed : !pressed || alsoWith.includes(modifier))
  if (!modifierAsWritten(press.altKey, 'Alt')) return false
  if (!modifierAsWritten(press.ctrlKey || press.metaKey, 'Ctrl')) return false
  const lone = mods.size === 0 && key.length === 1 && !/[a-z0-9]/i.test(key)
  if (!lone && !modifierAsWritten(press.shiftKey, 'Shift')) return false
  return press.key.toLowerCase() === key.toLowerCase()
}

function bindingFor(press: KeyPress, handles: (binding: KeyBinding) => boolean): KeyBinding | undefined {
  return KEY_BINDINGS.find((binding) => handles(binding) && binding.keys.some((keys) => pressMatches(press, keys, binding.alsoWith)))
}

/** The binding the page handles for this press, if any. */
export function pageBindingFor(press: KeyPress): KeyBinding | undefined {
  return bindingFor(press, (binding) => binding.handledBy === 'page' || binding.handledBy === 'both')
}

/** The binding the Sites table handles for this press, if any. */
export function tableBindingFor(press: KeyPress): KeyBinding | undefined {
  return bindingFor(press, (binding) => binding.handledBy === 'table')
}

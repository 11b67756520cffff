// The keyboard shortcuts as the person reads them: written once with "Ctrl" (the command
// registry and the sheet use that form) and shown with Cmd on macOS.
import { KEY_BINDINGS, type KeyBinding } from '../../../shared/keybindings'

/** Keys whose written name (a KeyboardEvent's key) is not the one on the keyboard. */
const KEY_NAMES: Readonly<Record<string, string>> = { ContextMenu: 'Menu' }

/** "Ctrl+Shift+P" → ["Ctrl", "Shift", "P"], or ["Cmd", "Shift", "P"] on macOS. */
export function shortcutKeys(shortcut: string, mac: boolean): string[] {
  return shortcut
    .split('+')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => (mac && (key === 'Ctrl' || key === 'Mod') ? 'Cmd' : key === 'Mod' ? 'Ctrl' : (KEY_NAMES[key] ?? key)))
}


/** One line of the shortcut sheet: what it does, and one or more key combinations for it. */
export interface ShortcutEntry {
  label: string
  keys: readonly string[]
}

export interface ShortcutSection {
  title: string
  entries: readonly ShortcutEntry[]
}

/** A line of the sheet from the keys table: its words and keys. */
function entryOf(binding: KeyBinding): ShortcutEntry[] {
  return binding.label === undefined ? [] : [{ label: binding.label, keys: binding.keys }]
}

/** The Sites table's line of the keys table for its action. */
function tableEntry(command: string): ShortcutEntry[] {
  return KEY_BINDINGS.filter((binding) => binding.command === command && binding.handledBy === 'table').flatMap(entryOf)
}

/** The shortcuts the app always has, whatever the view registers on top. */
export const BUILT_IN_SHORTCUTS: readonly ShortcutSection[] = [
  {
    title: 'Global',
    entries: [
      // The keys table's (shared/keybindings.ts), in its order, then the one key no command owns.
      ...KEY_BINDINGS.filter((binding) => binding.handledBy !== 'table').flatMap(entryOf),
      { label: 'Close a dialog or menu', keys: ['Escape'] },
    ],
  },
  {
    title: 'Sites table',
    entries: [
      // The table's keys from the keys table, between the mouse's lines as the sheet has them.
      ...tableEntry('sites.table.selectAll'),
      { label: 'Select a range of rows', keys: ['Shift+Click'] },
      ...tableEntry('sites.selection.clear'),
      { label: 'Sort by a second column', keys: ['Shift+Click a header'] },
      ...tableEntry('sites.table.rowMenu'),
      ...tableEntry('sites.table.delete'),
    ],
  },
]

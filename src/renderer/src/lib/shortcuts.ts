// The keyboard shortcuts as the person reads them: written once with "Ctrl" (the command
// registry and the sheet use that form) and shown with Cmd on macOS.
import { KEY_BINDINGS } from '../../../shared/keybindings'

/** "Ctrl+Shift+P" → ["Ctrl", "Shift", "P"], or ["Cmd", "Shift", "P"] on macOS. */
export function shortcutKeys(shortcut: string, mac: boolean): string[] {
  return shortcut
    .split('+')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => (mac && (key === 'Ctrl' || key === 'Mod') ? 'Cmd' : key === 'Mod' ? 'Ctrl' : key))
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

/** The shortcuts the app always has, whatever the view registers on top. */
export const BUILT_IN_SHORTCUTS: readonly ShortcutSection[] = [
  {
    title: 'Global',
    entries: [
      // The keys table's (shared/keybindings.ts), in its order, then the one key no command owns.
      ...KEY_BINDINGS.flatMap((binding) => (binding.label === undefined ? [] : [{ label: binding.label, keys: binding.keys }])),
      { label: 'Close a dialog or menu', keys: ['Escape'] },
    ],
  },
  {
    title: 'Sites table',
    entries: [
      { label: 'Select every matching site', keys: ['Ctrl+A'] },
      { label: 'Select a range of rows', keys: ['Shift+Click'] },
      { label: 'Clear the selection', keys: ['Escape'] },
      { label: 'Sort by a second column', keys: ['Shift+Click a header'] },
      { label: 'Open the row’s menu', keys: ['Shift+F10', 'Menu'] },
      { label: 'Delete the selected sites', keys: ['Delete'] },
    ],
  },
]

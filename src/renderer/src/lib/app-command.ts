// One action the app offers, as the command palette, the shortcut sheet and the desktop menu
// list it (stores/commands.ts keeps the ones registered now; lib/command-search.ts finds them).
export interface AppCommand {
  /** Stable and unique, such as "go.sites" or "sites.export.csv". */
  id: string
  title: string
  /** Heading it is listed under: "Go to", "Sites", "Account", "App". */
  group: string
  /** As shown to the person, such as "Ctrl+Shift+P"; the key handling lives with the owner. */
  shortcut?: string
  /** Other words that should find it ("download" for Export). */
  keywords?: readonly string[]
  /** False: listed but greyed out (nothing selected, a sync under way). */
  enabled?: boolean
  run: () => void | Promise<void>
}

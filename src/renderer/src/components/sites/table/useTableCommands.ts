// The Sites table's commands in the palette while it is on screen: select every matching
// site and clear the selection (their keys from the keys table, shared/keybindings.ts, which
// the table handles itself: useTableKeys.ts), the Columns panel and the row density.
import { shortcutOf } from '../../../../../shared/keybindings'
import { useCommands } from '../../../composables/useCommands'
import { useSiteColumnsStore } from '../../../stores/site-columns'

export interface TableCommandsOptions {
  total: () => number
  accountId: () => string
  hasSelection: () => boolean
  selectEverything: () => void
  clearAll: () => void
  showColumns: () => void
}

export function useTableCommands(options: TableCommandsOptions): void {
  const columnsStore = useSiteColumnsStore()
  useCommands(() => [
    {
      id: 'sites.table.selectAll',
      title: 'Select all matching sites',
      group: 'Sites',
      shortcut: shortcutOf('sites.table.selectAll'),
      keywords: ['selection', 'every'],
      enabled: options.total() > 0,
      run: options.selectEverything,
    },
    {
      id: 'sites.selection.clear',
      title: 'Clear selection',
      group: 'Sites',
      shortcut: shortcutOf('sites.selection.clear'),
      keywords: ['deselect', 'none'],
      enabled: options.hasSelection(),
      run: options.clearAll,
    },
    {
      id: 'sites.table.columns',
      title: 'Columns…',
      group: 'Sites',
      keywords: ['show', 'hide', 'reorder', 'layout', 'table'],
      enabled: options.accountId() !== '',
      run: options.showColumns,
    },
    {
      id: 'sites.table.density',
      title: columnsStore.density === 'compact' ? 'Density: comfortable rows' : 'Density: compact rows',
      group: 'Sites',
      keywords: ['rows', 'compact', 'comfortable', 'spacing', 'table'],
      run: () => columnsStore.setDensity(columnsStore.density === 'compact' ? 'comfortable' : 'compact'),
    },
  ])
}

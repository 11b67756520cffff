// The import run as the dialog reads it: the site-import store's state as refs and its actions
// (stores/site-import.ts creates the tags and sites, keeps each row's outcome, and undoes).
import { storeToRefs } from 'pinia'
import { useSiteImportStore } from '../../../stores/site-import'

export type { ImportSummary, RowResult } from '../../../stores/site-import'

export function useImportRun() {
  const store = useSiteImportStore()
  const { results, running, stopping, progress, createdCount, failedCount } = storeToRefs(store)
  return { results, running, stopping, progress, createdCount, failedCount, reset: store.reset, run: store.run, cancel: store.cancel, undo: store.undo }
}

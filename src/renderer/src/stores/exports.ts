// Exports of sites and events. Core writes the file a chunk at a time from its own query
// (export:sites, export:events); the renderer only names what to write. Here the answer is
// delivered (the web shell's one-time download followed by the browser; the desktop app's file
// is already where the person chose) and said in a toast, or why it failed. One export of each
// kind runs at a time: every menu and button offering it shows it running.
import { defineStore } from 'pinia'
import { ref, type Ref } from 'vue'
import type { EventsExportQuery, ExportResult, Result, SitesExportRequest } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { describeError } from '../lib/errors'
import { deliverExport, exportedMessage } from '../lib/exported-file'
import { plural } from '../lib/format'
import { useToastsStore } from './toasts'

export const useExportsStore = defineStore('exports', () => {
  const api = useApi()
  const toasts = useToastsStore()
  const exportingSites = ref(false)
  const exportingEvents = ref(false)

  async function run(
    running: Ref<boolean>,
    write: () => Promise<Result<ExportResult>>,
    what: { failed: string; rows: (n: number) => string },
  ): Promise<void> {
    if (running.value) return
    running.value = true
    try {
      const result = await call(write)
      if (!result.ok) {
        toasts.error(`${what.failed}: ${describeError(result.error).message}`)
        return
      }
      deliverExport(result.value)
      const message = exportedMessage(result.value, what.rows)
      if (message) toasts.success(message)
    } finally {
      running.value = false
    }
  }

  /** Sites as core's query finds them (a view, or a selection of it), with the columns named. */
  function exportSites(request: SitesExportRequest): Promise<void> {
    return run(exportingSites, () => api.exportSites(request), {
      failed: 'Could not export the sites',
      rows: (n) => plural(n, 'site', 'sites'),
    })
  }

  /** Every stored event of the scope the feed's filters match, as CSV. */
  function exportEvents(query: EventsExportQuery): Promise<void> {
    return run(exportingEvents, () => api.exportEvents(query), {
      failed: 'Could not export the events',
      rows: (n) => plural(n, 'event', 'events'),
    })
  }

  return { exportingSites, exportingEvents, exportSites, exportEvents }
})

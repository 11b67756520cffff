// Creating the Ready rows of an import: first the tags they name that the account lacks (each
// once), then the sites one at a time, each row's outcome kept for the preview table. Stop
// takes effect between two rows. The run answers every created site and tag, so the dialog's
// preview (which compares with the account's sites at the file's addresses) marks them present
// straight away and a second run of the same file creates nothing twice; once the run ends the
// views ask core again (the scope's summary, the table's rows). One import runs at a time.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { AppError, Site, Tag } from '../../../shared'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { describeError } from '../lib/errors'
import { missingTagNames, newSiteOf, type PreviewRow } from '../lib/import-sites'
import { useSiteWindowStore } from './site-window'
import { useSitesStore } from './sites'
import { useWorkspaceStore } from './workspace'

export type RowResult =
  | { state: 'creating' }
  | { state: 'created'; site: Site }
  | { state: 'failed'; error: AppError }
  | { state: 'cancelled' }

export interface ImportSummary {
  created: Site[]
  failed: number
  cancelled: number
  tagsCreated: Tag[]
}

export interface ImportProgress {
  at: number
  of: number
  what: 'tags' | 'sites'
}

export const useSiteImportStore = defineStore('site-import', () => {
  const api = useApi()
  const sites = useSitesStore()
  const workspace = useWorkspaceStore()
  const siteWindow = useSiteWindowStore()

  /** Outcome by row line; rows never sent have none. */
  const results = ref(new Map<number, RowResult>())
  const running = ref(false)
  const stopping = ref(false)
  const progress = shallowRef<ImportProgress | null>(null)

  const createdCount = computed(() => [...results.value.values()].filter((r) => r.state === 'created').length)
  const failedCount = computed(() => [...results.value.values()].filter((r) => r.state === 'failed').length)

  function reset(): void {
    results.value = new Map()
    progress.value = null
    stopping.value = false
  }

  function setResult(line: number, result: RowResult): void {
    const next = new Map(results.value)
    next.set(line, result)
    results.value = next
  }

  /** The views ask core again for what they show: the scope's summary (tags), the table's rows. */
  function showChanges(): void {
    void workspace.loadSummary()
    siteWindow.refresh()
  }

  async function run(accountId: string, rows: readonly PreviewRow[], knownTags: readonly Tag[]): Promise<ImportSummary> {
    running.value = true
    stopping.value = false
    const summary: ImportSummary = { created: [], failed: 0, cancelled: 0, tagsCreated: [] }
    const ready = rows.filter((r) => r.status === 'ready')
    const tags = [...knownTags]
    // Tags that could not be created, by lower-case name, with why: rows naming one fail.
    const tagFailures = new Map<string, { name: string; error: AppError }>()

    const missing = missingTagNames(ready, tags)
    for (const [index, name] of missing.entries()) {
      if (stopping.value) break
      progress.value = { at: index + 1, of: missing.length, what: 'tags' }
      const result = await call(() => api.tagsCreate({ accountId, name }))
      if (result.ok) {
        tags.push(result.value)
        summary.tagsCreated.push(result.value)
      } else {
        tagFailures.set(name.toLowerCase(), { name, error: result.error })
      }
    }

    for (const [index, row] of ready.entries()) {
      if (stopping.value) {
        for (const rest of ready.slice(index)) setResult(rest.line, { state: 'cancelled' })
        summary.cancelled = ready.length - index
        break
      }
      const tagFailure = row.tagNames.map((n) => tagFailures.get(n.toLowerCase())).find((f) => f !== undefined)
      if (tagFailure) {
        setResult(row.line, {
          state: 'failed',
          error: { code: tagFailure.error.code, message: `The tag "${tagFailure.name}" could not be created: ${describeError(tagFailure.error).message}` },
        })
        summary.failed += 1
        continue
      }
      progress.value = { at: index + 1, of: ready.length, what: 'sites' }
      setResult(row.line, { state: 'creating' })
      const result = await call(() => api.sitesCreate({ accountId, site: newSiteOf(row, tags) }))
      if (result.ok) {
        summary.created.push(result.value)
        setResult(row.line, { state: 'created', site: result.value })
      } else {
        summary.failed += 1
        setResult(row.line, { state: 'failed', error: result.error })
      }
    }
    running.value = false
    stopping.value = false
    progress.value = null
    if (summary.created.length > 0 || summary.tagsCreated.length > 0) showChanges()
    return summary
  }

  function cancel(): void {
    if (running.value) stopping.value = true
  }

  /** Undo of an import: the sites it created are deleted again, one by one. Answers how many went. */
  async function undo(accountId: string, created: readonly Site[]): Promise<{ removed: number; failed: number }> {
    let removed = 0
    let failed = 0
    for (const site of created) {
      const result = await sites.deleteOne(accountId, site.id)
      if (result.ok || result.error.code === 'not_found') removed += 1
      else failed += 1
    }
    showChanges()
    return { removed, failed }
  }

  return { results, running, stopping, progress, createdCount, failedCount, reset, run, cancel, undo }
})

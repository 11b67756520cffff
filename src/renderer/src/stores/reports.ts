// The Reports view's state: which sites (tags, a saved view, picked sites or whole accounts),
// the period, the sections, the notes and the template; the report core computed for them
// (report:build, asked again as the choices change, an older answer dropped); and the saved
// templates (report:templates). Nothing is computed here: the figures are core's.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import { EMPTY_FILTER, type AppError, type Result, type SiteFilter, type SiteRow } from '../../../shared'
import { REPORT_SECTIONS, type Report, type ReportBatchProgress, type ReportRequest, type ReportSection, type ReportTemplate, type ReportTemplateSave } from '../../../shared/report'
import type { ReportTable } from '../../../shared/report-tables'
import { useApi } from '../lib/api'
import { call } from '../lib/call'
import { deliverExport, exportedMessage } from '../lib/exported-file'
import { describeError } from '../lib/errors'
import { presetPeriod, type PeriodPreset } from '../lib/report-period'
import { useAccountsStore } from './accounts'
import { useToastsStore } from './toasts'

export type SiteSource = 'tags' | 'view' | 'sites' | 'accounts'

export const useReportsStore = defineStore('reports', () => {
  const api = useApi()
  const accounts = useAccountsStore()
  const toasts = useToastsStore()

  const source = ref<SiteSource>('tags')
  /** Tag keys (`accountId:tagId`) of the scope. */
  const tagKeys = ref<string[]>([])
  /** A saved view's filter and name, as the view chose it. */
  const view = shallowRef<{ id: string; name: string; filter: SiteFilter } | null>(null)
  const pickedKeys = ref<string[]>([])
  const accountIds = ref<string[]>([])
  /** The names of what is chosen, for the cover ("Acme", "Acme and Beta"). */
  const label = ref('')
  const preset = ref<PeriodPreset>('last-month')
  const period = ref(presetPeriod('last-month'))
  const sections = ref<ReportSection[]>([...REPORT_SECTIONS])
  const notes = ref('')
  const templateId = ref<string | null>(null)

  const templates = ref<ReportTemplate[]>([])
  const templatesError = ref<AppError | null>(null)
  const template = computed(() => templates.value.find((t) => t.id === templateId.value) ?? null)

  const report = shallowRef<Report | null>(null)
  const building = ref(false)
  const error = ref<AppError | null>(null)

  /** The request for what is chosen; null with nothing chosen yet (the view says what to choose). */
  const request = computed<ReportRequest | null>(() => {
    const scope = accounts.scopeAccounts.map((a) => a.id)
    if (scope.length === 0) return null
    const base = { period: period.value, sections: [...sections.value], notes: notes.value }
    const selection = (() => {
      switch (source.value) {
        case 'tags':
          return tagKeys.value.length === 0 ? null : { scope, filter: { ...EMPTY_FILTER, tags: [...tagKeys.value] }, label: label.value }
        case 'view':
          return view.value === null ? null : { scope, filter: view.value.filter, label: label.value }
        case 'sites':
          return pickedKeys.value.length === 0 ? null : { scope, filter: EMPTY_FILTER, keys: [...pickedKeys.value], label: label.value }
        case 'accounts': {
          const chosen = accountIds.value.filter((id) => accounts.accounts.some((a) => a.id === id))
          return chosen.length === 0 ? null : { scope: chosen, filter: EMPTY_FILTER, label: label.value }
        }
      }
    })()
    return selection === null ? null : { ...base, selection }
  })

  let asked = 0
  async function build(): Promise<void> {
    const wanted = request.value
    const ticket = ++asked
    if (wanted === null) {
      report.value = null
      error.value = null
      building.value = false
      return
    }
    building.value = true
    const result = await call(() => api.reportBuild(wanted))
    if (ticket !== asked) return
    building.value = false
    if (result.ok) {
      report.value = result.value
      error.value = null
    } else {
      error.value = result.error
    }
  }

  // The preview follows the choices; typing notes waits for a pause.
  let timer: ReturnType<typeof setTimeout> | undefined
  watch(
    request,
    () => {
      clearTimeout(timer)
      timer = setTimeout(() => void build(), 250)
    },
    { deep: true },
  )

  // A sync that changed an account of the report: the preview is made again from the store.
  api.on('workspace:changed', (change) => {
    if (report.value?.request.selection.scope.includes(change.accountId)) {
      clearTimeout(timer)
      timer = setTimeout(() => void build(), 250)
    }
  })

  function setPreset(next: PeriodPreset): void {
    preset.value = next
    if (next !== 'custom') period.value = presetPeriod(next)
  }

  async function loadTemplates(): Promise<void> {
    const result = await call(() => api.reportTemplates())
    if (result.ok) {
      templates.value = result.value
      templatesError.value = null
      if (templateId.value === null && result.value.length > 0) templateId.value = result.value[0]!.id
    } else {
      templatesError.value = result.error
    }
  }

  async function saveTemplate(input: ReportTemplateSave): Promise<{ ok: true } | { ok: false; error: AppError }> {
    const result = await call(() => api.reportSaveTemplate(input))
    if (!result.ok) return result
    const saved = result.value
    templates.value = templates.value.some((t) => t.id === saved.id) ? templates.value.map((t) => (t.id === saved.id ? saved : t)) : [...templates.value, saved]
    templateId.value = saved.id
    toasts.success(`Template “${saved.name}” saved.`)
    return { ok: true }
  }

  async function deleteTemplate(id: string): Promise<void> {
    const result = await call(() => api.reportDeleteTemplate({ id }))
    if (!result.ok && result.error.code !== 'not_found') {
      toasts.error(`Could not delete the template. ${describeError(result.error).message}`)
      return
    }
    templates.value = templates.value.filter((t) => t.id !== id)
    if (templateId.value === id) templateId.value = templates.value[0]?.id ?? null
  }

  async function exportCsv(table: ReportTable): Promise<void> {
    const wanted = request.value
    if (wanted === null) return
    const result = await call(() => api.reportCsv({ request: wanted, table }))
    if (!result.ok) {
      toasts.error(`Could not export the table. ${describeError(result.error).message}`)
      return
    }
    deliverExport(result.value)
    const message = exportedMessage(result.value, (rows) => `${rows} row${rows === 1 ? '' : 's'}`)
    if (message) toasts.success(message)
  }

  /** Desktop: core asks the shell to print the report's own page to a PDF the person saves. */
  async function savePdf(): Promise<void> {
    const wanted = request.value
    if (wanted === null) return
    const result = await call(() => api.reportPdf({ request: wanted, templateId: templateId.value }))
    if (!result.ok) {
      toasts.error(`Could not make the PDF. ${describeError(result.error).message}`)
      return
    }
    if (result.value.kind === 'saved') toasts.success(`Saved the report to ${result.value.path}`)
  }

  /** "Reports for all clients" (desktop): where the batch is; null before one ran. */
  const batch = shallowRef<ReportBatchProgress | null>(null)
  api.on('report:progress', (progress) => {
    batch.value = progress
  })

  async function allClients(): Promise<void> {
    const scope = accounts.scopeAccounts.map((a) => a.id)
    if (scope.length === 0) return
    const result = await call(() => api.reportAllClients({ scope, period: period.value, sections: [...sections.value], notes: notes.value, templateId: templateId.value }))
    if (!result.ok) {
      toasts.error(`Could not make the reports. ${describeError(result.error).message}`)
      return
    }
    batch.value = result.value
    const { done, folder, state, failed } = result.value
    if (state === 'cancelled') return
    const what = `${done} report${done === 1 ? '' : 's'}`
    if (failed.length > 0) toasts.error(`${what} made in ${folder}; ${failed.length} could not be made: ${failed.join('; ')}`)
    else toasts.success(state === 'stopped' ? `Stopped after ${what}, in ${folder}.` : `${what} saved in ${folder}.`)
  }

  function stopAllClients(): void {
    void call(() => api.reportStopAll())
  }

  /** Which shell runs the app: the desktop prints its own PDFs and makes reports for all clients. */
  const desktop = ref(false)
  async function loadShell(): Promise<void> {
    const info = await call(() => api.appInfo())
    desktop.value = info.ok && info.value.shell === 'electron'
  }

  /** Picked sites: the first 50 of the scope matching a search (core's query engine), by name. */
  async function findSites(search: string): Promise<SiteRow[] | null> {
    const scope = accounts.scopeAccounts.map((a) => a.id)
    if (scope.length === 0) return []
    const result = await call(() => api.sitesQuery({ scope, filter: { ...EMPTY_FILTER, search }, sort: [{ key: 'name', direction: 'asc' }], offset: 0, limit: 50 }))
    return result.ok ? result.value.rows : null
  }

  /** The printed page's report: made again from a request (its own, or the desktop's print window's) with its template. */
  async function reportFor(wanted: ReportRequest, wantedTemplate: string | null): Promise<Result<{ report: Report; template: ReportTemplate | null }>> {
    const [built, list] = await Promise.all([call(() => api.reportBuild(wanted)), call(() => api.reportTemplates())])
    if (!built.ok) return built
    return { ok: true, value: { report: built.value, template: list.ok ? (list.value.find((t) => t.id === wantedTemplate) ?? null) : null } }
  }

  return {
    desktop,
    loadShell,
    findSites,
    reportFor,
    batch,
    allClients,
    stopAllClients,
    source,
    tagKeys,
    view,
    pickedKeys,
    accountIds,
    label,
    preset,
    period,
    sections,
    notes,
    templateId,
    templates,
    templatesError,
    template,
    report,
    building,
    error,
    request,
    build,
    setPreset,
    loadTemplates,
    saveTemplate,
    deleteTemplate,
    exportCsv,
    savePdf,
  }
})

// report:* — client reports (core/report): computed from the store only, for a period of local
// days; one table as CSV through the export delivery; the saved templates (white label) in the
// data folder; and, on the desktop, the report printed to PDF by the shell.
import type { ChannelHandlers, ExportResult } from '../../shared'
import type { ReportRequest, ReportTemplate } from '../../shared/report'
import type { ExportDelivery } from '../export'
import { appError } from '../errors'
import type { HealthService } from '../health/health-service'
import { buildReport } from '../report/build-report'
import { ReportBatch, type ReportBatchShell } from '../report/report-batch'
import { writeReportCsv } from '../report/report-csv'
import type { ReportAccount } from '../report/report-sources'
import type { ReportTemplates } from '../report/report-templates'
import { checkScope } from './check-scope'
import type { ChannelContext } from './context'
import { handle } from './handle'

type ReportChannel = 'report:build' | 'report:csv' | 'report:pdf' | 'report:templates' | 'report:saveTemplate' | 'report:deleteTemplate' | 'report:allClients' | 'report:stopAll'

/** The desktop shell's printer: the report's own page in a hidden window, to a PDF the person saves. */
export type PrintReportPdf = (request: ReportRequest, template: ReportTemplate | null) => Promise<ExportResult>

export interface ReportChannelParts {
  health: HealthService
  templates: ReportTemplates
  delivery: ExportDelivery
  printPdf?: PrintReportPdf
  /** Desktop: the folder dialog and the printer of "Reports for all clients". */
  batch?: ReportBatchShell
  nowMs?: () => number
}

export function reportChannels(ctx: Pick<ChannelContext, 'accounts' | 'workspace' | 'events'>, parts: ReportChannelParts): Pick<ChannelHandlers, ReportChannel> {
  const { workspace } = ctx
  const now = parts.nowMs ?? Date.now
  const batch = parts.batch ? new ReportBatch(parts.batch, (state) => ctx.events.emit('report:progress', state)) : null

  async function reportAccounts(scope: readonly string[]): Promise<{ accounts: ReportAccount[]; demo: Set<string> }> {
    const records = await checkScope(ctx.accounts, scope)
    const accounts: ReportAccount[] = records.map((record) => ({
      accountId: record.id,
      label: record.label,
      createdAt: record.createdAt,
      sites: workspace.sites(record.id),
      tags: workspace.tags(record.id),
      revision: workspace.revision(record.id),
    }))
    return { accounts, demo: new Set(records.filter((r) => r.kind === 'demo').map((r) => r.id)) }
  }

  async function templateOf(id: string | null): Promise<ReportTemplate | null> {
    return id === null ? null : ((await parts.templates.list()).find((t) => t.id === id) ?? null)
  }

  async function build(request: ReportRequest) {
    const { accounts, demo } = await reportAccounts(request.selection.scope)
    return buildReport(request, {
      accounts,
      workspace,
      health: (accountId, siteId) => parts.health.site(accountId, siteId, demo.has(accountId)),
      nowMs: now(),
    })
  }

  return {
    'report:build': handle('report:build', build),
    'report:csv': handle('report:csv', async ({ request, table }) => writeReportCsv(await build(request), table, parts.delivery)),
    'report:pdf': handle('report:pdf', async ({ request, templateId }) => {
      if (parts.printPdf === undefined) {
        throw appError({ code: 'invalid_input', message: 'Here the report is saved as PDF with the browser’s print dialog (Print / Save as PDF).' })
      }
      await checkScope(ctx.accounts, request.selection.scope)
      return parts.printPdf(request, await templateOf(templateId))
    }),
    'report:templates': handle('report:templates', () => parts.templates.list()),
    'report:saveTemplate': handle('report:saveTemplate', (input) => parts.templates.save(input)),
    'report:deleteTemplate': handle('report:deleteTemplate', ({ id }) => parts.templates.remove(id)),
    'report:allClients': handle('report:allClients', async (input) => {
      if (batch === null) throw appError({ code: 'invalid_input', message: 'Reports for all clients are made by the desktop app, which writes the PDFs into a folder.' })
      const { accounts } = await reportAccounts(input.scope)
      return batch.run(input, accounts, await templateOf(input.templateId))
    }),
    'report:stopAll': handle('report:stopAll', async () => batch?.stop()),
  }
}

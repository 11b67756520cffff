// "Reports for all clients" (desktop): one report per tag that has sites, each printed by the
// shell into the folder the person chose, one after the other with progress after each, and
// a stop that takes effect after the report being printed. A report that fails is named in
// the answer and the batch goes on.
import { EMPTY_FILTER, keyOf } from '../../shared'
import type { ReportBatchProgress, ReportBatchRequest, ReportRequest, ReportTemplate } from '../../shared/report'
import { fileNamePart } from '../export'
import type { ReportAccount } from './report-sources'

export interface ReportBatchShell {
  chooseFolder: () => Promise<string | null>
  printToFile: (request: ReportRequest, template: ReportTemplate | null, path: string) => Promise<void>
  join: (folder: string, name: string) => string
}

export class ReportBatch {
  private stopAsked = false
  private running = false

  constructor(
    private readonly shell: ReportBatchShell,
    private readonly progress: (state: ReportBatchProgress) => void,
  ) {}

  stop(): void {
    this.stopAsked = true
  }

  async run(input: ReportBatchRequest, accounts: readonly ReportAccount[], template: ReportTemplate | null): Promise<ReportBatchProgress> {
    if (this.running) throw new Error('Reports for all clients are already being made.')
    this.running = true
    this.stopAsked = false
    try {
      const tags = accounts.flatMap((account) =>
        account.tags
          .filter((tag) => account.sites.some((site) => site.tags.some((t) => t.id === tag.id)))
          .map((tag) => ({ account, tag, label: accounts.length > 1 ? `${tag.name} (${account.label})` : tag.name })),
      )
      const folder = await this.shell.chooseFolder()
      const state: ReportBatchProgress = { done: 0, total: tags.length, current: null, folder, state: folder === null ? 'cancelled' : 'running', failed: [] }
      if (folder === null) return state
      const names = new Set<string>()
      for (const { account, tag, label } of tags) {
        if (this.stopAsked) return this.report({ ...state, current: null, state: 'stopped' })
        this.report({ ...state, current: label })
        let name = `report-${fileNamePart(label)}-${input.period.from}.pdf`
        for (let n = 2; names.has(name); n++) name = `report-${fileNamePart(label)}-${n}-${input.period.from}.pdf`
        names.add(name)
        const request: ReportRequest = {
          selection: { scope: [account.accountId], filter: { ...EMPTY_FILTER, tags: [keyOf(account.accountId, tag.id)] }, label: tag.name },
          period: input.period,
          sections: input.sections,
          notes: input.notes,
        }
        try {
          await this.shell.printToFile(request, template, this.shell.join(folder, name))
        } catch (thrown) {
          state.failed.push(`${label}: ${thrown instanceof Error ? thrown.message : String(thrown)}`)
        }
        state.done += 1
      }
      return this.report({ ...state, current: null, state: 'finished' })
    } finally {
      this.running = false
    }
  }

  private report(state: ReportBatchProgress): ReportBatchProgress {
    this.progress(state)
    return state
  }
}

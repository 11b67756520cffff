// "Reports for all clients": one report per tag that has sites, into the chosen folder, with
// progress after each, names that never collide, a failure named and passed over, a stop that
// takes effect after the report being printed, and nothing at all when the folder dialog is
// cancelled.
import { describe, expect, it } from 'vitest'
import { ReportBatch, type ReportBatchShell } from '../../../../src/core/report/report-batch'
import type { ReportAccount } from '../../../../src/core/report/report-sources'
import type { ReportBatchProgress, ReportRequest } from '../../../../src/shared/report'
import { site, tag } from '../store/fixtures'

const ACCOUNT = '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'
const acme = tag(1, 'Acme')
const acmeToo = tag(2, 'ACME!')
const empty = tag(3, 'No sites')
const broken = tag(4, 'Broken')
const account: ReportAccount = {
  accountId: ACCOUNT,
  label: 'Agency',
  createdAt: '2026-01-01T00:00:00Z',
  sites: [site(1, { tags: [acme, acmeToo] }), site(2, { tags: [broken] })],
  tags: [acme, acmeToo, empty, broken],
  revision: 1,
}
const input = { scope: [ACCOUNT], period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'UTC' }, sections: ['summary' as const], notes: '', templateId: null }

function shell(folder: string | null, onPrint?: (request: ReportRequest) => void) {
  const printed: { request: ReportRequest; path: string }[] = []
  const parts: ReportBatchShell = {
    chooseFolder: async () => folder,
    printToFile: async (request, _template, path) => {
      onPrint?.(request)
      if (request.selection.label === 'Broken') throw new Error('the page did not finish drawing')
      printed.push({ request, path })
    },
    join: (a, b) => `${a}/${b}`,
  }
  return { parts, printed }
}

describe('reports for all clients', () => {
  it('prints one report per tag with sites, names each file apart, and goes on past a failure', async () => {
    const { parts, printed } = shell('/reports')
    const progress: ReportBatchProgress[] = []
    const result = await new ReportBatch(parts, (p) => progress.push(p)).run(input, [account], null)
    expect(printed.map((p) => p.path)).toEqual(['/reports/report-acme-2026-10-01.pdf', '/reports/report-acme-2-2026-10-01.pdf'])
    expect(printed[0]!.request.selection).toMatchObject({ scope: [ACCOUNT], filter: { tags: [`${ACCOUNT}:1`] }, label: 'Acme' })
    expect(result).toEqual({ done: 3, total: 3, current: null, folder: '/reports', state: 'finished', failed: ['Broken: the page did not finish drawing'] })
    expect(progress.map((p) => p.current)).toEqual(['Acme', 'ACME!', 'Broken', null])
  })

  it('stops after the report being printed when asked', async () => {
    let batch: ReportBatch | undefined = undefined
    const { parts, printed } = shell('/reports', () => batch!.stop())
    batch = new ReportBatch(parts, () => {})
    const result = await batch.run(input, [account], null)
    expect(printed).toHaveLength(1)
    expect(result).toMatchObject({ done: 1, total: 3, state: 'stopped' })
  })

  it('does nothing when the folder dialog is cancelled', async () => {
    const { parts, printed } = shell(null)
    const result = await new ReportBatch(parts, () => {}).run(input, [account], null)
    expect(result).toMatchObject({ state: 'cancelled', folder: null, done: 0 })
    expect(printed).toEqual([])
  })
})

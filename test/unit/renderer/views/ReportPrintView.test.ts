// The report's own page, the one that is printed: made from the request in its address (the
// desktop's hidden window) with its template, framed by the A4 page rules with the period at
// the foot of every page, and marked ready for printToPDF; a failure is said with Retry; with
// no request at all it goes back to the Reports view.
import { screen } from '@testing-library/vue'
import { afterEach, describe, expect, it } from 'vitest'
import ReportPrintView from '../../../../src/renderer/src/views/ReportPrintView.vue'
import { EMPTY_FILTER } from '../../../../src/shared'
import type { Report, ReportRequest, ReportTemplate } from '../../../../src/shared/report'
import { createFakeApi, fail, ok } from '../support/fake-api'
import { mountView, unmountAll } from '../support/mount'

afterEach(() => {
  unmountAll()
  delete document.documentElement.dataset.reportReady
  delete document.documentElement.dataset.reportFoot
})

const request: ReportRequest = {
  selection: { scope: ['a'], filter: EMPTY_FILTER, label: 'Acme "Ltd"' },
  period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'UTC' },
  sections: ['summary'],
  notes: '',
}
const template: ReportTemplate = { id: '0b6a8f2e-93c4-4a7e-8d1f-2c5e9b7a4d30', name: 'T', agencyName: 'Northwind', logo: null, accent: '#0f5f4f', coverLine: 'Care', footer: '', showAppName: false }
const report = {
  request,
  fromIso: '',
  toIso: '',
  periodLabel: '1 Oct 2026 – 31 Oct 2026',
  accounts: [],
  gaps: [],
  sites: [],
  summary: { sites: 0, updatesApplied: 0, extensionsInstalled: 0, pendingNow: 0, pendingAtStart: null, uptime: null, incidents: 0, attention: [] },
  updates: [],
  installs: [],
  pending: [],
  server: [],
  health: { anyEnabled: false, sites: [], series: [], uptime: null, incidents: 0, coverageNote: null },
} satisfies Report

const address = `/reports/print?${new URLSearchParams({ request: JSON.stringify(request), template: template.id }).toString()}`

describe('ReportPrintView', () => {
  it('makes the report of the request in its address with its template, in A4 page rules, then says it is ready', async () => {
    const asked: ReportRequest[] = []
    const fake = createFakeApi({
      reportBuild: async (input) => {
        asked.push(input)
        return ok(report)
      },
      reportTemplates: async () => ok([template]),
    })
    await mountView(ReportPrintView, fake, { path: address, route: '/reports/print' })
    expect(asked).toEqual([request])
    expect(screen.getByText('Northwind').className).toBe('report-agency')
    expect(document.documentElement.dataset.reportReady).toBe('1')
    const rules = document.querySelector('style[data-report="page"]')?.textContent ?? ''
    expect(rules).toContain('size: A4')
    // The label's quotes are escaped inside the CSS string.
    expect(rules).toContain('content: "Acme \\"Ltd\\" · 1 Oct 2026 – 31 Oct 2026"')
    expect(rules).toContain('"Page " counter(page) " of " counter(pages)')
    expect(document.documentElement.dataset.reportFoot).toBe('Acme "Ltd" · 1 Oct 2026 – 31 Oct 2026')
  })

  it("leaves the page numbers to the desktop's printToPDF footer when it prints the page (?footer=printer), and tells it the foot", async () => {
    const fake = createFakeApi({ reportBuild: async () => ok(report), reportTemplates: async () => ok([template]) })
    await mountView(ReportPrintView, fake, { path: `${address}&footer=printer`, route: '/reports/print' })
    expect(document.documentElement.dataset.reportReady).toBe('1')
    const rules = document.querySelector('style[data-report="page"]')?.textContent ?? ''
    expect(rules).toContain('size: A4')
    expect(rules).not.toContain('@bottom')
    expect(document.documentElement.dataset.reportFoot).toBe('Acme "Ltd" · 1 Oct 2026 – 31 Oct 2026')
  })

  it('says why the report could not be made, with Retry', async () => {
    const fake = createFakeApi({ reportBuild: async () => fail({ code: 'not_found', message: 'The account a does not exist; it may have been removed.' }), reportTemplates: async () => ok([]) })
    await mountView(ReportPrintView, fake, { path: address, route: '/reports/print' })
    expect(screen.getByRole('alert').textContent).toContain('may have been removed')
    expect(document.documentElement.dataset.reportReady).toBeUndefined()
  })

  it('goes back to the Reports view when there is nothing to print', async () => {
    const fake = createFakeApi({})
    const { router } = await mountView(ReportPrintView, fake, { path: '/reports/print', route: '/reports/print' })
    expect(router.currentRoute.value.path).toBe('/reports')
  })
})

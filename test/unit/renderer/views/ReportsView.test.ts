// The Reports view: it says what to choose first; a tag's tick makes core's report appear as
// the document; an empty period is said at once; the template dialog says the accent's
// contrast while choosing (Save refused below AA), refuses an oversized logo with its reason
// and keeps what was typed; a table's CSV goes through core; Print opens the report's page.
import { flushPromises } from '@vue/test-utils'
import { fireEvent, screen, waitFor, within } from '@testing-library/vue'
import { afterEach, describe, expect, it } from 'vitest'
import ReportsView from '../../../../src/renderer/src/views/ReportsView.vue'
import type { ExportResult } from '../../../../src/shared'
import type { Report, ReportRequest, ReportTemplate, ReportTemplateSave } from '../../../../src/shared/report'
import { accentProblem } from '../../../../src/shared/report-accent'
import { createFakeApi, fail, makeSite, makeTag, memoryCore, ok } from '../support/fake-api'
import { mountView, unmountAll } from '../support/mount'

afterEach(unmountAll)

const ACME = makeTag(7, 'Acme')

function reportOf(request: ReportRequest): Report {
  return {
    request,
    fromIso: '2026-10-01T00:00:00.000Z',
    toIso: '2026-11-01T00:00:00.000Z',
    periodLabel: '1 Oct 2026 – 31 Oct 2026',
    accounts: [{ accountId: 'a', label: 'Agency', lastSyncedAt: null }],
    gaps: ['Agency has not been synced yet: the app holds none of its events, so this report cannot count them.'],
    sites: [{ key: 'a:1', accountId: 'a', accountLabel: 'Agency', name: 'Site 1', url: 'https://site-1.example.com', addedInPeriod: null, removed: false }],
    summary: { sites: 1, updatesApplied: 1, extensionsInstalled: 0, pendingNow: 0, pendingAtStart: 0, uptime: 99.9, incidents: 0, attention: [{ level: 'ok', text: 'Nothing needs attention now.' }] },
    updates: [{ site: 'a:1', siteName: 'Site 1', extension: 'Yoast SEO', from: '22.1', to: '22.3', day: '2026-10-02', at: '2026-10-02T10:00:00.000Z' }],
    installs: [],
    pending: [],
    server: [],
    health: { anyEnabled: true, sites: [], series: [{ day: '2026-10-01', avgMs: 180 }, { day: '2026-10-02', avgMs: 240 }], uptime: 99.9, incidents: 0, coverageNote: null },
  }
}

async function mountReports() {
  const core = memoryCore({ a: { tags: [ACME], sites: [makeSite(1, { tags: [ACME] }), makeSite(2)] } })
  const asked: ReportRequest[] = []
  const saved: ReportTemplateSave[] = []
  const csv: string[] = []
  const fake = createFakeApi({
    ...core.methods,
    reportTemplates: async () => ok([]),
    reportBuild: async (request) => {
      asked.push(request)
      return ok(reportOf(request))
    },
    reportSaveTemplate: async (input) => {
      saved.push(input)
      const problem = accentProblem(input.accent)
      if (problem) return fail({ code: 'invalid_input', message: problem, fields: { accent: [problem] } })
      const template: ReportTemplate = { id: 't1', name: input.name, agencyName: input.agencyName, logo: null, accent: input.accent, coverLine: input.coverLine, footer: input.footer, showAppName: input.showAppName }
      return ok(template)
    },
    reportCsv: async ({ table }) => {
      csv.push(table)
      return ok<ExportResult>({ kind: 'saved', name: `report-${table}.csv`, path: `/tmp/report-${table}.csv`, rows: 1 })
    },
  })
  const mounted = await mountView(ReportsView, fake, { path: '/reports', route: '/reports' })
  return { ...mounted, asked, saved, csv }
}

describe('ReportsView', () => {
  it('asks to choose sites first, then shows the tag’s report as the document', async () => {
    const { user, asked } = await mountReports()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reports')
    expect(screen.getByText('Choose the sites to report on').tagName).toBe('P')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Print / Save as PDF' }).disabled).toBe(true)

    await user.click(screen.getByRole('checkbox', { name: /^Acme\s*1 site$/ }))
    const preview = screen.getByRole('region', { name: 'Preview' })
    await waitFor(() => expect(within(preview).getByRole('heading', { level: 2, name: 'Acme' }).className).toBe('report-client'))
    expect(asked.at(-1)?.selection).toMatchObject({ scope: ['a'], filter: { tags: ['a:7'] }, label: 'Acme' })
    expect(within(preview).getByText(/has not been synced yet/).tagName).toBe('LI')
    expect(within(preview).getByRole('img', { name: /Average response time per day/ }).tagName).toBe('svg')
  })

  it('says at once when the last day comes before the first', async () => {
    await mountReports()
    const last = screen.getByLabelText<HTMLInputElement>('Last day')
    await fireEvent.update(last, '2020-01-01')
    expect(screen.getByRole('alert').textContent).toContain('the period is empty')
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Period' }).value).toBe('custom')
  })

  it('checks the accent while choosing, refuses an oversized logo, and saves a template', async () => {
    const { user, saved } = await mountReports()
    await user.click(screen.getByRole('button', { name: 'New template' }))
    const dialog = screen.getByRole('dialog', { name: 'New report template' })
    await user.type(within(dialog).getByLabelText('Agency name'), 'Northwind')
    const accent = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Accent colour' })
    await user.clear(accent)
    await user.type(accent, '#ffdd55')
    expect(within(dialog).getByText(/contrast of 1\.\d\d:1/).className).toBe('field-error')
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Save template' }).disabled).toBe(true)

    const big = new File([new Uint8Array(600 * 1024)], 'huge.png', { type: 'image/png' })
    await user.upload(within(dialog).getByLabelText(/^Logo/), big)
    expect(within(dialog).getByText(/huge\.png is larger than 512 KB/).className).toBe('field-error')

    await user.clear(accent)
    await user.type(accent, '#0f5f4f')
    expect(within(dialog).getByText(/meets WCAG AA/).className).toBe('field-hint')
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }))
    await flushPromises()
    expect(saved.at(-1)).toMatchObject({ agencyName: 'Northwind', accent: '#0f5f4f', logo: null })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Template' }).value).toBe('t1')
  })

  it('exports a table as CSV through core and opens the report’s own page to print', async () => {
    const { user, csv, router } = await mountReports()
    await user.click(screen.getByRole('checkbox', { name: /^Acme\s*1 site$/ }))
    const preview = screen.getByRole('region', { name: 'Preview' })
    await waitFor(() => expect(within(preview).getAllByRole('button', { name: 'CSV' }).length).toBeGreaterThan(1))
    await user.click(within(preview).getAllByRole('button', { name: 'CSV' })[1]!)
    expect(csv).toEqual(['updates'])
    await user.click(screen.getByRole('button', { name: 'Print / Save as PDF' }))
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/reports/print?print=1')
  })

  it('reports on picked sites or on whole accounts, naming the cover after them', async () => {
    const { user, asked } = await mountReports()
    await user.click(screen.getByRole('radio', { name: 'Picked sites' }))
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /^Site \d$/ }).length).toBe(2))
    await user.click(screen.getByRole('checkbox', { name: 'Site 2' }))
    expect(screen.getByText('1 picked').className).toBe('report-hint')
    await waitFor(() => expect(asked.at(-1)?.selection).toMatchObject({ keys: ['a:2'], label: 'Site 2' }))

    await user.click(screen.getByRole('radio', { name: 'Whole accounts' }))
    await user.click(screen.getByRole('checkbox', { name: 'Account a' }))
    await waitFor(() => expect(asked.at(-1)?.selection).toMatchObject({ scope: ['a'], label: 'Account a' }))
    expect(asked.at(-1)?.selection.keys).toBeUndefined()
  })
})

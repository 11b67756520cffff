// The report document as it prints: the template's brand and nothing of the app's unless asked,
// an SVG logo only as an <img> (never its markup in the page), "unknown" for versions the events
// did not carry, tables with a header row in <thead>, and health saying plainly when it is off.
import { screen, within } from '@testing-library/vue'
import { afterEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import ReportDocument from '../../../../../src/renderer/src/components/reports/ReportDocument.vue'
import { EMPTY_FILTER } from '../../../../../src/shared'
import { REPORT_SECTIONS, type Report, type ReportTemplate } from '../../../../../src/shared/report'
import { mountInBody, unmountAll } from '../../support/mount'

afterEach(unmountAll)

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
const template: ReportTemplate = {
  id: 't',
  name: 'T',
  agencyName: 'Northwind Web Care',
  logo: `data:image/svg+xml;base64,${btoa(SVG)}`,
  accent: '#0f5f4f',
  coverLine: 'Monthly care',
  footer: 'hello@northwind.test',
  showAppName: false,
}

const report: Report = {
  request: { selection: { scope: ['a'], filter: EMPTY_FILTER, label: 'Acme' }, period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'UTC' }, sections: REPORT_SECTIONS, notes: 'Replaced the contact form.' },
  fromIso: '2026-10-01T00:00:00.000Z',
  toIso: '2026-11-01T00:00:00.000Z',
  periodLabel: '1 Oct 2026 – 31 Oct 2026',
  accounts: [{ accountId: 'a', label: 'Agency', lastSyncedAt: '2026-11-02T09:00:00.000Z' }],
  gaps: [],
  sites: [{ key: 'a:1', accountId: 'a', accountLabel: 'Agency', name: 'Alpha', url: 'https://alpha.example', addedInPeriod: null, removed: false }],
  summary: { sites: 1, updatesApplied: 2, extensionsInstalled: 0, pendingNow: 3, pendingAtStart: 1, uptime: null, incidents: 0, attention: [{ level: 'warning', text: '3 pending updates on 1 site.' }] },
  updates: [
    { site: 'a:1', siteName: 'Alpha', extension: 'Yoast SEO', from: '22.1', to: '22.3', day: '2026-10-02', at: '2026-10-02T10:00:00.000Z' },
    { site: 'a:1', siteName: 'Alpha', extension: 'Jetpack', from: null, to: null, day: '2026-10-03', at: '2026-10-03T10:00:00.000Z' },
  ],
  installs: [],
  pending: [{ site: 'a:1', siteName: 'Alpha', now: 3, atStart: 1, atEnd: 3 }],
  server: [{ site: 'a:1', siteName: 'Alpha', php: '8.3.1', mysql: null, web: 'nginx', eolLevel: 'ok', eolReason: 'PHP 8.3 supported.', changes: [] }],
  health: { anyEnabled: false, sites: [], series: [], uptime: null, incidents: 0, coverageNote: null },
}

describe('ReportDocument', () => {
  it('carries the agency, the client, the period and the figures, and not the app’s name', () => {
    mountInBody(ReportDocument, { props: { report, template } })
    expect(screen.getByText('Northwind Web Care').className).toBe('report-agency')
    expect(screen.getByRole('heading', { level: 2, name: 'Acme' }).className).toBe('report-client')
    expect(screen.getAllByText('1 Oct 2026 – 31 Oct 2026').length).toBeGreaterThan(0)
    expect(screen.getByText('+2 since the start of the period').className).toBe('report-sub')
    expect(screen.getByText('Replaced the contact form.').className).toBe('report-notes')
    expect(document.body.textContent).not.toContain('Site Manager')
  })

  it('shows an SVG logo as an image, never as markup', () => {
    mountInBody(ReportDocument, { props: { report, template } })
    const logo = document.querySelector('img.report-logo')
    expect(logo?.getAttribute('src')).toBe(template.logo)
    expect(document.querySelector('svg script')).toBeNull()
  })

  it('says "unknown" for versions the event did not carry, under a header row in thead', () => {
    mountInBody(ReportDocument, { props: { report, template } })
    const table = screen.getByRole('heading', { name: '2 updates' }).closest('.report-table-block')!.querySelector('table')!
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Date', 'Site', 'Extension', 'From', 'To'])
    const jetpack = within(table).getByText('Jetpack').closest('tr')!
    expect([...jetpack.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['2026-10-03', 'Alpha', 'Jetpack', 'unknown', 'unknown'])
    expect(screen.getByText('“unknown”: the event did not say which version it was.').className).toBe('report-note')
  })

  it('puts the printed foot on each page of the paged preview (client, period, "Page n of m"), and none on the printed page, whose feet are the @page margin boxes', async () => {
    mountInBody(ReportDocument, { props: { report, template, paged: true } })
    await nextTick()
    await nextTick()
    const feet = [...document.querySelectorAll('.report-page-foot')]
    const pages = Number(document.querySelector('article')!.dataset.pages)
    expect(pages).toBeGreaterThan(1)
    expect(feet.map((foot) => foot.textContent)).toEqual(Array.from({ length: pages }, (_, at) => `Acme · 1 Oct 2026 – 31 Oct 2026Page ${at + 1} of ${pages}`))
    expect(feet.every((foot) => foot.getAttribute('aria-hidden') === 'true')).toBe(true)
    unmountAll()
    mountInBody(ReportDocument, { props: { report, template } })
    expect(document.querySelector('.report-page-foot')).toBeNull()
  })

  it('shows the first 100 rows of a long table on screen and says so (its pages then say they are the preview\'s); printed, every row', async () => {
    const updates = Array.from({ length: 250 }, (_, at) => ({ ...report.updates[0]!, extension: `Plugin ${at}` }))
    const long = { ...report, updates, summary: { ...report.summary, updatesApplied: 250 } }
    mountInBody(ReportDocument, { props: { report: long, template, screen: true, paged: true } })
    await nextTick()
    await nextTick()
    const block = screen.getByRole('heading', { name: '250 updates' }).closest('.report-table-block')!
    expect(block.querySelectorAll('tbody tr')).toHaveLength(100)
    expect(block.textContent).toContain('The first 100 of 250 rows are shown here; the printed report and the CSV have all of them.')
    expect(document.querySelector('.report-page-foot')!.textContent).toMatch(/Preview page 1 of \d+$/)
    unmountAll()
    mountInBody(ReportDocument, { props: { report: long, template } })
    expect(screen.getByRole('heading', { name: '250 updates' }).closest('.report-table-block')!.querySelectorAll('tbody tr')).toHaveLength(250)
  })

  it('says health checks are off instead of an empty section', () => {
    mountInBody(ReportDocument, { props: { report, template: { ...template, showAppName: true } } })
    expect(screen.getByText(/Health checks are off for these sites/).className).toBe('report-note')
    expect(screen.getByText('Made with Site Manager').closest('footer')?.className).toBe('report-footer')
  })
})

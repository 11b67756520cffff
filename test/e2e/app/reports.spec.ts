// Client reports in the web shell against the reference server: a report of one tag over last
// month whose figures equal the server's own events of that month for the tag's sites; its PDF
// made with page.pdf() on the report's own page, its text extracted with pdftotext (poppler-
// utils) to find the agency's name, the period, every site and the update counts; screenshots
// of the preview in both themes and of a PDF page (pdftoppm) for docs/screenshots/reports/.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Site, SiteEvent } from '../../../src/shared'
import { expect, test } from '../support/fixtures'
import { addFirstAccount } from './accounts-sites-helpers'
import { Audit } from './accessibility-audit'
import { reportPrintOptions } from '../../../src/main/report-print-options'
import { apiAll, apiSites, apiTags } from './tags-events-helpers'

test.use({ referenceServerOptions: { port: 0, seed: 'demo', sites: 60 }, timezoneId: 'UTC' })

const SHOTS = join(import.meta.dirname, '../../../docs/screenshots/reports')
const AGENCY = 'Northwind Web Care'

/** Last month in UTC, as the view's default: [first day, first day of this month). */
function lastMonth(now = new Date()): { from: Date; to: Date; label: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const fmt = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(d)
  return { from, to, label: `${fmt(from)} – ${fmt(new Date(to.getTime() - 86_400_000))}` }
}

test('a tag’s report over last month has the server’s figures, and prints to a PDF with them', async ({ page, openApp, referenceServer, webShell }) => {
  test.setTimeout(120_000)
  await openApp()
  await addFirstAccount(page, referenceServer)

  // What the server says: the tag with the most sites, its sites, and their events last month.
  const tags = await apiTags(referenceServer)
  const sites = await apiSites(referenceServer)
  const count = (tagId: number) => sites.filter((s) => s.tags.some((t) => t.id === tagId)).length
  const tag = [...tags].sort((a, b) => count(b.id) - count(a.id))[0]!
  const tagSites: Site[] = sites.filter((s) => s.tags.some((t) => t.id === tag.id)).sort((a, b) => a.name.localeCompare(b.name))
  const period = lastMonth()
  const inPeriod = (e: SiteEvent) => Date.parse(e.created_at) >= period.from.getTime() && Date.parse(e.created_at) < period.to.getTime()
  const ids = new Set(tagSites.map((s) => s.id))
  const events = (await apiAll<SiteEvent>(referenceServer, '/logs')).filter((e) => ids.has(e.site_id) && inPeriod(e))
  const updates = events.filter((e) => e.type === 'updated_extension').length
  const installs = events.filter((e) => e.type === 'new_extension').length
  expect(updates + installs, 'the demo has work on the tag’s sites last month').toBeGreaterThan(0)

  // A template with the agency's name, made in the view's dialog.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  await page.getByRole('button', { name: 'New template' }).click()
  const dialog = page.getByRole('dialog', { name: 'New report template' })
  await dialog.getByLabel('Agency name').fill(AGENCY)
  // A pale accent is refused with its contrast, then a dark one passes.
  await dialog.getByLabel('Accent colour', { exact: true }).fill('#ffdd55')
  await expect(dialog.getByText(/contrast of 1\.\d\d:1/)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Save template' })).toBeDisabled()
  await dialog.getByLabel('Accent colour', { exact: true }).fill('#0f5f4f')
  await expect(dialog.getByText(/meets WCAG AA/)).toBeVisible()
  await dialog.getByRole('button', { name: 'Save template' }).click()
  await expect(dialog).toBeHidden()

  // The tag: one click; the preview follows.
  await page.getByRole('checkbox', { name: `${tag.name} ${count(tag.id)} sites`, exact: true }).check()
  const preview = page.getByRole('region', { name: 'Preview' })
  const figure = (name: string) => preview.locator('.report-figures div').filter({ has: page.getByText(name, { exact: true }) }).locator('dd').first()
  // Older events are read in the background after the first sync: the preview follows the store.
  await expect(figure('Updates applied')).toHaveText(String(updates), { timeout: 30_000 })
  await expect(figure('Extensions installed')).toHaveText(String(installs))
  await expect(figure('Sites covered')).toHaveText(String(tagSites.length))
  await expect(preview.getByText(period.label).first()).toBeVisible()
  await expect(preview.getByText(AGENCY).first()).toBeVisible()

  // axe over the view with its preview, and over the template dialog, in both themes.
  const audit = new Audit(page)
  await audit.check('Reports with a preview')
  await page.getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByRole('dialog', { name: 'Edit report template' })).toBeVisible()
  await audit.check('the template dialog')
  await page.keyboard.press('Escape')
  // Focus goes back to the button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused()

  // The view from its top, and the preview's second page (the pages lie side by side).
  await page.getByRole('heading', { level: 1, name: 'Reports' }).scrollIntoViewIfNeeded()
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await page.screenshot({ path: join(SHOTS, `reports-preview-${theme}.png`), fullPage: false })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  const previewPages = Number(await preview.locator('article').getAttribute('data-pages'))
  expect(previewPages).toBeGreaterThan(1)
  // Each page of the preview carries the foot its printed page has.
  await expect(preview.locator('.report-page-foot')).toHaveCount(previewPages)
  await expect(preview.locator('.report-page-foot').first()).toHaveText(`${tag.name} · ${period.label}Page 1 of ${previewPages}`)
  await preview.evaluate((element) => {
    ;(element as unknown as { scrollLeft: number }).scrollLeft = 800
  })
  await preview.screenshot({ path: join(SHOTS, 'reports-preview-page-2.png') })
  await page.emulateMedia({ colorScheme: 'light' })

  // 320 px wide: the settings above the preview, nothing wider than the window.
  await page.setViewportSize({ width: 320, height: 720 })
  await expect(preview).toBeVisible()
  expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await page.screenshot({ path: join(SHOTS, 'reports-320px.png') })
  await page.setViewportSize({ width: 1280, height: 720 })
  audit.expectClean()

  // The report's own page, printed by Chromium as page.pdf() does (the print stylesheet, A4).
  await page.evaluate(() => {
    // The headless browser has no print dialog to open: the PDF is made by page.pdf() below.
    ;(globalThis as unknown as { print: () => void }).print = () => undefined
  })
  await page.getByRole('button', { name: 'Print / Save as PDF' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-report-ready', '1')
  await page.emulateMedia({ media: 'print' })
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  const dir = test.info().outputPath('pdf')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'report.pdf')
  writeFileSync(file, pdf)
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  const flat = text.replace(/\s+/g, ' ')
  expect(flat).toContain(AGENCY)
  expect(flat).toContain(period.label)
  for (const site of tagSites) expect(flat, `the PDF names ${site.name}`).toContain(site.name)
  expect(flat).toContain(`${updates} updates`)
  expect(flat).toContain(`${installs} installed`)
  // Page numbers and the period at the foot of every page.
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1])
  expect(pages).toBeGreaterThan(1)
  expect(flat).toContain('Page 1 of')
  expect(flat).toContain(`Page ${pages} of ${pages}`)
  expect(flat.split(period.label).length - 1).toBeGreaterThanOrEqual(pages)
  // Nothing of the app's own brand unless the template asks.
  expect(flat).not.toContain('Site Manager')

  // The desktop's print, as far as it runs without Electron: the page opened as its hidden
  // window opens it (?footer=printer), printed by Chromium with the options main hands
  // printToPDF. Chromium's footer carries the foot and the page numbers, once on each page.
  await page.emulateMedia({ media: 'screen' })
  await page.getByRole('button', { name: 'Back to Reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  await page.evaluate(() => {
    ;(globalThis as unknown as { location: { hash: string } }).location.hash = '#/reports/print?footer=printer'
  })
  await expect(page.locator('html')).toHaveAttribute('data-report-ready', '1')
  const foot = (await page.locator('html').getAttribute('data-report-foot'))!
  expect(foot).toContain(period.label)
  const desktopFile = join(dir, 'report-desktop.pdf')
  writeFileSync(desktopFile, await page.pdf(reportPrintOptions(foot)))
  const desktopText = execFileSync('pdftotext', ['-layout', desktopFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')
  const desktopPages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [desktopFile], { encoding: 'utf8' }))![1])
  expect(desktopText.split('Page 1 of ').length - 1, 'one page number per page, not the margin boxes as well').toBe(1)
  expect(desktopText).toContain(`Page ${desktopPages} of ${desktopPages}`)
  expect(desktopText.split(period.label).length - 1).toBeGreaterThanOrEqual(desktopPages)
  expect(desktopText).toContain(AGENCY)

  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', file, join(SHOTS, 'report-pdf-page')])
  test.info().annotations.push({ type: 'pdf', description: `${pages} pages, ${pdf.length} bytes` })
  void webShell
})

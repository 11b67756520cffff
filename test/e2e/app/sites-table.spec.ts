// The sites table as the main working surface, through the web shell against the reference
// server's 'demo' seed with 500 sites: every name readable at 1280x800, selection by click,
// Shift+click, Ctrl+A and Escape, columns resized, hidden and reordered and still so after a
// reload, and the row's links, copy button and context menu. Screenshots of the table at
// 1280x800 and 1920x1080 in both themes go to test-results/screenshots/.
import { expect, test } from '../support/fixtures'
import type { Locator, Page } from '@playwright/test'
import type { Site } from '../../../src/shared'
import { addFirstAccount, apiSites, siteRows } from './accounts-sites-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1280, height: 800 }, referenceServerOptions: { port: 0, seed: 'demo', sites: 500 } })

const SCREENSHOTS = 'test-results/screenshots'
const shot = (file: string) => `${SCREENSHOTS}/${file}`

const table = (page: Page) => page.getByRole('table', { name: 'Sites' })
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name, exact: true })
const headerNames = async (page: Page) =>
  (await table(page).locator('thead th[aria-labelledby]').allTextContents()).map((text) => text.replace(/\s+/g, ' ').replace(/ 2$/, '').trim())
const rowOf = (page: Page, site: Site): Locator => siteRows(page).filter({ has: page.getByRole('link', { name: site.name, exact: true }) })
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' })

/** The name of the site in each row shown, in order. */
async function shownNames(page: Page): Promise<string[]> {
  return siteRows(page).locator('a.name-link').allTextContents()
}

/**
 * Scrolls the whole table through, a screenful at a time, and collects every row's name
 * with whether its cell shows it whole (no truncation: scrollWidth <= clientWidth).
 */
async function everyNameCell(page: Page): Promise<Map<string, { whole: boolean; width: number }>> {
  const cells = new Map<string, { whole: boolean; width: number }>()
  const scroller = table(page).locator('xpath=..')
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }))
  for (let step = 0; step < 200; step++) {
    const batch = await siteRows(page)
      .locator('td.cell-name')
      .evaluateAll((tds) => tds.map((td) => ({ name: td.textContent?.trim() ?? '', whole: td.scrollWidth <= td.clientWidth, width: td.clientWidth })))
    for (const cell of batch) cells.set(cell.name, { whole: cell.whole, width: cell.width })
    const done = await scroller.evaluate((element) => {
      const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - 1
      element.scrollBy({ top: element.clientHeight - 40 })
      return atEnd
    })
    if (done) break
    // The virtualiser renders the new rows on its next frame.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  }
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }))
  return cells
}

test('every name can be read at 1280x800 with 500 sites, and the table looks finished in both themes and at 1920x1080', async ({
  openApp,
  referenceServer,
}) => {
  const sites = await apiSites(referenceServer)
  expect(sites).toHaveLength(500)
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  await expect(page.getByText('500 sites', { exact: true })).toBeVisible()

  // The default columns, Name first, each header whole.
  expect(await headerNames(page)).toEqual(['Name', 'Address', 'Status', 'Updates', 'PHP', 'MySQL', 'Web server', 'Tags', 'Last check'])
  const clippedHeaders = await table(page)
    .locator('thead th[aria-labelledby] button')
    .evaluateAll((buttons) => buttons.filter((b) => b.scrollWidth > b.clientWidth || b.getBoundingClientRect().right > b.parentElement!.getBoundingClientRect().right).map((b) => b.textContent?.trim()))
  expect(clippedHeaders, 'headers cut off').toEqual([])

  const cells = await everyNameCell(page)
  expect(cells.size).toBe(new Set(sites.map((s) => s.name)).size)
  const cut = [...cells].filter(([, cell]) => !cell.whole).map(([name]) => name)
  expect(cut, 'names shown cut off').toEqual([])
  // Two sites whose names start alike can be told apart.
  const alike = sites.filter((s) => s.name.startsWith('Alpine '))
  for (const site of alike.slice(0, 4)) expect(cells.get(site.name)?.whole).toBe(true)

  // Tags readable: no chip in the first screenful is cut.
  const chips = await siteRows(page).locator('.tags .badge').evaluateAll((els) => els.map((el) => ({ text: el.textContent, whole: el.scrollWidth <= el.clientWidth })))
  expect(chips.length).toBeGreaterThan(0)
  expect(chips.filter((c) => !c.whole)).toEqual([])

  await screenshotBothThemes(page, shot, 'sites-table-1280x800')
  await page.setViewportSize({ width: 1920, height: 1080 })
  await expect(siteRows(page).nth(20)).toBeVisible()
  await screenshotBothThemes(page, shot, 'sites-table-1920x1080')
})

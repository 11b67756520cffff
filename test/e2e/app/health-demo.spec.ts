// Health in the demo, as a new person meets it: the demo's results are its own (simulated: not
// one request leaves the machine, and SITE_MANAGER_LOOPBACK_ONLY=1 would refuse any), so every
// kind of finding shows at once. The Overview's Needs attention card counts each cause and
// opens the Sites table filtered to it; the table's Health column and filter (with its counts)
// agree; a site's page shows each check, response times with their table, uptime and its
// incidents. Screenshots of the card, the column and the section in both themes go to
// docs/screenshots/health/.
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { APP_ROOT } from '../support/web-shell'
import { expectPainted } from '../support/themes'
import { siteRows } from './accounts-sites-helpers'

const SHOTS = join(APP_ROOT, 'docs', 'screenshots', 'health')

test.use({
  viewport: { width: 1360, height: 1000 },
  // The first cycle of checks half a second after start, not 20 s.
  webShellLaunch: { demo: true, env: { SITE_MANAGER_HEALTH_START_MS: '500' } },
})

/** Screenshots of one part of the page in both themes (transitions held still). */
async function shoot(page: Page, part: Locator, name: string): Promise<void> {
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' })
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await expectPainted(page, theme)
    await part.screenshot({ path: join(SHOTS, `${name}-${theme}.png`) })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await still.evaluate((element) => element.remove())
}

const healthCells = (page: Page) => siteRows(page).locator('td[data-column="health"]')

test('the demo shows every kind of finding: the Overview card opens the filtered table, whose column and counts agree, and a site page shows its health', async ({ openApp }) => {
  test.slow()
  const page = await openApp()
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()

  // ---- Overview: Needs attention, a count per cause ----
  const card = page.getByRole('region', { name: 'Needs attention' })
  const cause = (name: string) => card.getByRole('link', { name: new RegExp(`^[\\d,]+ ${name}$`) })
  await expect(cause('Down')).toBeVisible({ timeout: 30_000 })
  for (const name of ['Down', 'Slow', 'Keyword missing', 'Certificate expiring', 'DNS points elsewhere', 'Past end of life']) {
    await expect(cause(name), `the card counts ${name}`).toBeVisible()
  }
  // The demo has three sites down (core/health/demo-health.ts).
  await expect(cause('Down')).toHaveAccessibleName('3 Down')
  await expect(cause('Down')).toHaveAccessibleDescription('Problem, opens the 3 sites')
  const downCount = 3
  await shoot(page, card, 'overview-needs-attention')

  // ---- a cause opens the table filtered to it ----
  await cause('Down').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
  await expect(page).toHaveURL(/[?&]health=down\b/)
  await expect(siteRows(page)).toHaveCount(downCount)
  await expect(healthCells(page)).toHaveText(Array(downCount).fill(/^Down/))
  await expect(page.getByRole('list', { name: 'Filters in use' }).getByText('Health: Down', { exact: true })).toBeVisible()

  // The Health filter's counts: Down ticked at 3, the others what ticking them would show.
  await page.getByRole('button', { name: 'Filter by health' }).click()
  const menu = page.getByRole('menu', { name: 'Filter by health' })
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Down (3)' })).toHaveAttribute('aria-checked', 'true')
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Certificate expiring (1)' })).toBeVisible()
  await expect(menu.getByRole('menuitemcheckbox', { name: /^Past end of life \(\d+\)$/ })).toBeVisible()
  // Tick Certificate expiring as well: the table shows both.
  await menu.getByRole('menuitemcheckbox', { name: 'Certificate expiring (1)' }).click()
  await page.keyboard.press('Escape')
  await expect(siteRows(page)).toHaveCount(downCount + 1)
  await expect(healthCells(page).filter({ hasText: /^Certificate expires in 5 days/ })).toHaveCount(1)

  // The whole table, worst first by the Health column's sort; every finding's words are there.
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await page.getByRole('columnheader', { name: 'Health' }).getByRole('button').click()
  await expect(page).toHaveURL(/sort=-health/)
  await expect(healthCells(page).first()).toHaveText(/^Down/)
  await expect(page.getByRole('columnheader', { name: 'Health' })).toHaveAttribute('aria-sort', 'descending')
  // (A row shows its worst finding first: DNS pointing elsewhere, only a notice, is behind a "+1".)
  for (const words of [/^Slow/, /^Keyword missing/, /^PHP \d+\.\d+ without security fixes since \d{1,2} \w{3} \d{4}/]) {
    await expect(healthCells(page).filter({ hasText: words }).first(), `a row reads ${words}`).toBeVisible()
  }
  await shoot(page, page.getByRole('table', { name: 'Sites' }), 'sites-health-column')

  // ---- a down site's page ----
  const downRow = siteRows(page).filter({ has: page.locator('td[data-column="health"]', { hasText: /^Down/ }) }).first()
  const name = (await downRow.locator('.name-link').innerText()).trim()
  await downRow.locator('.name-link').click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const section = page.getByRole('region', { name: 'Health' })
  const response = section.getByRole('list', { name: 'Checks' }).locator('[data-check="reachability"]')
  await expect(response).toContainText('Problem')
  await expect(response).toContainText('did not accept a connection within 15 s')
  await expect(section.getByText('The demo\'s results are simulated: its sites are never contacted.')).toBeVisible()
  // Its incident is still going on; uptime and the response times (with their table) are there.
  await expect(section.getByRole('table').filter({ hasText: 'Still going on' })).toBeVisible()
  await expect(section.locator('[data-uptime="7"]')).toHaveText(/^(\d+(\.\d+)? %|No checks yet)$/)
  await section.getByRole('button', { name: 'Show as table' }).click()
  await expect(section.getByRole('table', { name: /Response times, last 7 days by hour/ })).toBeVisible()
  await section.getByRole('button', { name: 'Show as chart' }).click()
  await section.getByText('30 days', { exact: true }).click()
  await expect(section.getByRole('img', { name: /Response times, last 30 days by day/ })).toBeVisible()
  // Tall enough for the whole section in one picture.
  await page.setViewportSize({ width: 1360, height: 2000 })
  await shoot(page, section, 'site-health-section')
})

// The Overview as a person uses it, through the web shell against the reference server (500
// sites): it is where the app opens; its figures are the server's (and what the Sites view
// counts); a bar or slice clicked on the canvas, or its row in the "Show as table" table,
// opens the right site or filtered list; the latest events are the server's newest. And
// screenshots of it in both themes.
import { expect, test } from '../support/fixtures'
import type { Locator, Page } from '@playwright/test'
import type { Site, SiteEvent } from '../../../src/shared'
import { fillAccountForm, apiSites } from './accounts-sites-helpers'
import { apiAll } from './tags-events-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1360, height: 1000 }, referenceServerOptions: { port: 0, seed: 'demo', sites: 500 } })

const DAY_MS = 24 * 60 * 60 * 1000
const n = (value: number) => value.toLocaleString('en-US')

function expectedTotals(sites: readonly Site[], now: number) {
  return {
    sites: sites.length,
    withUpdates: sites.filter((s) => (s.updates_count ?? 0) > 0).length,
    pendingUpdates: sites.reduce((sum, s) => sum + (s.updates_count ?? 0), 0),
    neverChecked: sites.filter((s) => s.last_check_at === null).length,
    stale: sites.filter((s) => s.last_check_at !== null && Date.parse(s.last_check_at) < now - DAY_MS).length,
  }
}

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const card = (page: Page, label: string) => page.getByRole('list', { name: 'Totals' }).getByRole('link', { name: new RegExp(`^${label} [\\d,]+ `) })
const countText = (page: Page) => page.locator('.list-view-count')

/** Clicks a chart's point where the canvas says it is drawn, once the chart stopped moving. */
async function clickPoint(canvas: Locator, index: number): Promise<void> {
  await canvas.scrollIntoViewIfNeeded()
  await expect(canvas).toHaveAttribute('data-settled', 'true')
  const points = JSON.parse((await canvas.getAttribute('data-points')) ?? '[]') as Array<[number, number]>
  const point = points[index]
  expect(point, `point ${index} of the chart`).toBeDefined()
  const box = await canvas.boundingBox()
  if (!box) throw new Error('The chart is not on screen')
  await canvas.page().mouse.click(box.x + point![0], box.y + point![1])
}

async function backToOverview(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
}

test('opens on the overview, whose figures are the server’s and lead to the sites they count', async ({ openApp, referenceServer, webShell }) => {
  const sites = await apiSites(referenceServer)
  const page = await openApp()
  await fillAccountForm(page, referenceServer, 'Agency')
  await page.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()

  // With an account, the app opens on the overview.
  await page.goto(`${webShell.origin}/`)
  await expect(page).toHaveURL(/#\/overview$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link').first()).toHaveText('Overview')

  const totals = expectedTotals(sites, Date.now())
  expect(totals.withUpdates).toBeGreaterThan(0)
  expect(totals.neverChecked).toBeGreaterThan(0)
  await expect(card(page, 'Sites')).toContainText(n(totals.sites))
  await expect(card(page, 'Sites with pending updates')).toContainText(n(totals.withUpdates))
  await expect(card(page, 'Pending updates')).toContainText(n(totals.pendingUpdates))
  await expect(card(page, 'Never checked')).toContainText(n(totals.neverChecked))
  await expect(card(page, 'Not checked for over 24 hours')).toContainText(n(totals.stale))

  // A card opens the sites it counts: the Sites view counts the same.
  await card(page, 'Sites with pending updates').click()
  await expect(page).toHaveURL(/#\/sites\?updates=1$/)
  await expect(countText(page)).toHaveText(`${n(totals.withUpdates)} of ${n(sites.length)} sites`)
  await backToOverview(page)
  await card(page, 'Never checked').click()
  await expect(page).toHaveURL(/#\/sites\?unchecked=1$/)
  await expect(countText(page)).toHaveText(`${n(totals.neverChecked)} of ${n(sites.length)} sites`)
  await backToOverview(page)
})

test('a bar or slice, on the canvas or in its table, opens the site or the sites on those versions', async ({ openApp, referenceServer, webShell }) => {
  const sites = await apiSites(referenceServer)
  const page = await openApp()
  await fillAccountForm(page, referenceServer, 'Agency')
  await page.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await page.goto(`${webShell.origin}/#/overview`)
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()

  // ---- pending updates by site: the 15 with the most ----
  const top = sites
    .filter((s) => (s.updates_count ?? 0) > 0)
    .sort((a, b) => (b.updates_count ?? 0) - (a.updates_count ?? 0) || a.name.localeCompare(b.name) || a.id - b.id)
    .slice(0, 15)
  const pending = panel(page, 'Pending updates by site')
  await pending.getByRole('button', { name: 'Show as table' }).click()
  const pendingRows = pending.getByRole('table', { name: 'Pending updates by site' }).locator('tbody tr')
  await expect(pendingRows).toHaveCount(top.length)
  for (const [i, site] of top.entries()) {
    await expect(pendingRows.nth(i).getByRole('rowheader')).toHaveText(site.name)
    await expect(pendingRows.nth(i).getByRole('cell')).toHaveText(String(site.updates_count))
  }
  // The table's link, then the bar on the canvas, each open their site.
  await pendingRows.nth(1).getByRole('link', { name: top[1]!.name }).click()
  await expect(page).toHaveURL(new RegExp(`#/sites/${top[1]!.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: top[1]!.name })).toBeVisible()
  await backToOverview(page)
  await clickPoint(panel(page, 'Pending updates by site').locator('canvas'), 0)
  await expect(page).toHaveURL(new RegExp(`#/sites/${top[0]!.id}$`))
  await backToOverview(page)

  // ---- PHP: the biggest minor version's slice, clicked on the canvas ----
  const phpMinor = new Map<string, Site[]>()
  for (const site of sites) {
    const php = site.server.php
    if (!php) continue
    const minor = php.split('.').slice(0, 2).join('.')
    phpMinor.set(minor, [...(phpMinor.get(minor) ?? []), site])
  }
  const [biggestMinor, biggestSites] = [...phpMinor.entries()].sort((a, b) => b[1].length - a[1].length)[0]!
  await clickPoint(panel(page, 'PHP versions').locator('canvas'), 0)
  await expect(page).toHaveURL(/#\/sites\?php=/)
  const phpValues = new URL(page.url().replace('#/', '')).searchParams.getAll('php')
  expect(new Set(phpValues)).toEqual(new Set(biggestSites.map((s) => s.server.php)))
  expect(phpValues.every((v) => v.startsWith(`${biggestMinor}.`))).toBe(true)
  await expect(countText(page)).toHaveText(`${n(biggestSites.length)} of ${n(sites.length)} sites`)
  await backToOverview(page)

  // ---- MySQL: a row of the table (by keyboard) ----
  const maria = sites.filter((s) => s.server.mysql?.startsWith('10.6.'))
  expect(maria.length).toBeGreaterThan(0)
  const mysql = panel(page, 'MySQL versions')
  await mysql.getByRole('button', { name: 'Show as table' }).click()
  const row = mysql.getByRole('row', { name: /^MariaDB 10\.6\b/ })
  await expect(row.getByRole('cell').first()).toHaveText(n(maria.length))
  await row.getByRole('link', { name: 'MariaDB 10.6' }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/sites\?mysql=10\.6\./)
  await expect(countText(page)).toHaveText(`${n(maria.length)} of ${n(sites.length)} sites`)
  await backToOverview(page)

  // ---- web servers: the slice of sites whose server was never reported, if any ----
  const unknownWeb = sites.filter((s) => !s.server.web)
  const web = panel(page, 'Web servers')
  await web.getByRole('button', { name: 'Show as table' }).click()
  const webRows = web.locator('tbody tr')
  const labels = (await webRows.getByRole('rowheader').allTextContents()).map((text) => text.trim())
  const nginx = sites.filter((s) => s.server.web?.startsWith('nginx'))
  const nginxRow = web.getByRole('row', { name: /^nginx\b/ })
  await expect(nginxRow.getByRole('cell').first()).toHaveText(n(nginx.length))
  if (unknownWeb.length > 0) expect(labels.at(-1)).toBe('Not known')
  // Shown as a chart again, the slice at the table row's position opens the same sites.
  await web.getByRole('button', { name: 'Show as chart' }).click()
  await clickPoint(web.locator('canvas'), labels.indexOf('nginx'))
  await expect(page).toHaveURL(/#\/sites\?web=nginx/)
  await expect(countText(page)).toHaveText(`${n(nginx.length)} of ${n(sites.length)} sites`)
})

test.describe('events', () => {
  // 60 sites: the first sync's background fill of older events is done in seconds, not minutes.
  test.use({ referenceServerOptions: { port: 0, seed: 'demo', sites: 60 } })

test('events per day and the latest events are the stored events; screenshots in both themes', async ({ openApp, referenceServer }) => {
  test.setTimeout(60_000)
  const page = await openApp()
  await fillAccountForm(page, referenceServer, 'Agency')
  await page.getByRole('button', { name: 'Add account' }).click()
  await backToOverview(page)

  const events = await apiAll<SiteEvent>(referenceServer, '/logs')
  const sites = await apiSites(referenceServer)

  // The newest ten, newest first, each with its site.
  const latest = page.getByRole('list', { name: 'Latest events' }).getByRole('listitem')
  await expect(latest).toHaveCount(Math.min(10, events.length))
  for (const [i, event] of events.slice(0, 10).entries()) {
    await expect(latest.nth(i)).toContainText(event.message)
    const siteName = sites.find((s) => s.id === event.site_id)?.name ?? `Site #${event.site_id}`
    await expect(latest.nth(i).getByRole('link', { name: siteName })).toHaveAttribute('href', `#/sites/${event.site_id}`)
  }

  // Per day over the last 30 local days: the table's figures add up to the server's events of those days.
  const start = new Date()
  start.setHours(0, 0, 0, 0)
  start.setDate(start.getDate() - 29)
  const recent = events.filter((e) => Date.parse(e.created_at) >= start.getTime()).length
  const perDay = panel(page, 'Events per day')
  if (recent === 0) {
    await expect(perDay.getByText('No events in the last 30 days')).toBeVisible()
  } else {
    await expect(perDay.locator('canvas')).toHaveAttribute('data-settled', 'true')
    await perDay.getByRole('button', { name: 'Show as table' }).click()
    const table = perDay.getByRole('table', { name: 'Events per day' })
    await expect(table.locator('tbody tr')).toHaveCount(30)
    await expect
      .poll(async () => {
        const cells = await table.locator('tbody td').allTextContents()
        return cells.reduce((sum, text) => sum + Number(text.replace(/,/g, '')), 0)
      }, { message: 'the days add up to the events stored (the first sync fills older ones in the background)', timeout: 30_000 })
      .toBe(recent)
    await perDay.getByRole('button', { name: 'Show as chart' }).click()
  }

  const charts = ['Pending updates by site', 'PHP versions', 'MySQL versions', 'Web servers', ...(recent > 0 ? ['Events per day'] : [])]
  for (const name of charts) {
    await expect(panel(page, name).locator('canvas')).toHaveAttribute('data-settled', 'true')
  }
  // Back to the top of the overview for the screenshots.
  await page.getByRole('list', { name: 'Totals' }).hover()
  await page.mouse.wheel(0, -20_000)
  await expect(page.getByRole('list', { name: 'Totals' })).toBeInViewport({ ratio: 1 })
  await screenshotBothThemes(page, (file) => `test-results/screenshots/${file}`, 'overview')
  // And its lower half: the version charts and events per day.
  await panel(page, 'Events per day').scrollIntoViewIfNeeded()
  if (recent > 0) await expect(panel(page, 'Events per day').locator('canvas')).toHaveAttribute('data-settled', 'true')
  await screenshotBothThemes(page, (file) => `test-results/screenshots/${file}`, 'overview-lower')
})
})

test.describe('demo', () => {
  test.use({ webShellLaunch: { demo: true } })

  test('the web shell started with --demo opens on the overview of the demo, every chart drawn from its data', async ({ openApp }) => {
    const page = await openApp()
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
    await expect(page).toHaveURL(/#\/overview$/)
    await expect(card(page, 'Sites')).toBeVisible()
    for (const name of ['Pending updates by site', 'PHP versions', 'MySQL versions', 'Web servers', 'Events per day']) {
      const canvas = panel(page, name).locator('canvas')
      await expect(canvas).toHaveAttribute('data-settled', 'true')
      // Drawn from data: one point per label, each with a place on the canvas.
      const points = JSON.parse((await canvas.getAttribute('data-points')) ?? '[]') as unknown[]
      expect(points.length, `${name} has points`).toBeGreaterThan(0)
    }
    await expect(page.getByRole('list', { name: 'Latest events' }).getByRole('listitem').first()).toBeVisible()
  })
})

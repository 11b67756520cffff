// Health against real sites on loopback servers the test starts (the web shell runs with
// SITE_MANAGER_LOOPBACK_ONLY=1, so nothing else could be reached): one answering slowly, one
// answering without the text the person sets on its page, and one whose port refuses. The app
// checks them itself: Slow shows in the Health column, the text set on the site page is looked
// for within seconds (Keyword missing), and the refusing site is Down a minute after its first
// failure (two failures a minute apart), with one notification whose click opens the table
// filtered to it; the Health filter counts each.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import type { Site } from '../../../src/shared'
import { expect, test } from '../support/fixtures'
import { addFirstAccount, siteRows } from './accounts-sites-helpers'

test.use({
  viewport: { width: 1360, height: 900 },
  // An account of three sites, all on loopback: no seeded site names a real-looking domain.
  referenceServerOptions: { port: 0, seed: 'demo', sites: 0 },
  webShellLaunch: { env: { SITE_MANAGER_HEALTH_START_MS: '500' } },
})

const servers: Server[] = []
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))))
})

/** A loopback HTTP server answering every request with `body` after `delayMs`. */
async function site(body: string, delayMs = 0): Promise<number> {
  const server = createServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<html><body>${body}</body></html>`), delayMs)
  })
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return (server.address() as AddressInfo).port
}

/** A loopback port nothing listens on (a server opened and closed again): connections are refused. */
async function refusingPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise((done) => server.close(done))
  return port
}

/** Replaces the browser's Notification before the app loads: each one made is kept on window. */
async function recordNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const made: Array<{ title: string; body: string; onclick: (() => void) | null }> = []
    class RecordingNotification {
      static permission = 'granted'
      static async requestPermission(): Promise<string> {
        return 'granted'
      }
      onclick: (() => void) | null = null
      constructor(
        public title: string,
        options: { body?: string } = {},
        public body = options.body ?? '',
      ) {
        made.push(this)
      }
      close(): void {}
    }
    Object.assign(globalThis, { Notification: RecordingNotification, __notifications: made })
  })
}

const healthCell = (page: Page, name: string) => siteRows(page).filter({ hasText: name }).locator('td[data-column="health"]')

test('checks loopback sites itself: Slow, the keyword set on the page, Down after two failures with a notification', async ({ page, openApp, referenceServer }) => {
  test.setTimeout(180_000)
  const [slow, shop, refused] = [await site('Welcome', 3600), await site('Welcome to the shop'), await refusingPort()]
  const create = async (name: string, port: number): Promise<Site> => {
    const response = await fetch(`${referenceServer.baseUrl}/sites`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${referenceServer.tokens[0]}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ name, url: `http://127.0.0.1:${port}/` }),
    })
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: Site }).data
  }
  await create('Slow Bakery', slow)
  const shopSite = await create('Keyword Shop', shop)
  await create('Down Garage', refused)

  await recordNotifications(page)
  await openApp()
  await addFirstAccount(page, referenceServer)
  await expect(siteRows(page)).toHaveCount(3)

  // The first checks run within seconds of the sync: the slow site is Slow (3.6 s > 3 s).
  await expect(healthCell(page, 'Slow Bakery')).toHaveText(/^Slow/, { timeout: 30_000 })
  await expect(healthCell(page, 'Keyword Shop')).toHaveText('—')

  // The text the shop's page must contain, set on its page, is looked for within seconds.
  await siteRows(page).filter({ hasText: 'Keyword Shop' }).locator('.name-link').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Keyword Shop' })).toBeVisible()
  const section = page.getByRole('region', { name: 'Health' })
  await section.getByLabel('Text the page must contain').fill('Opening hours')
  await section.getByRole('button', { name: 'Save text' }).click()
  const response = section.getByRole('list', { name: 'Checks' }).locator('[data-check="reachability"]')
  await expect(response).toContainText('does not contain "Opening hours"', { timeout: 30_000 })
  await expect(response).toContainText('Warning')
  // A text too long is refused with its reason, and what was typed stays.
  await section.getByLabel('Text the page must contain').fill('x'.repeat(201))
  await section.getByRole('button', { name: 'Save text' }).click()
  await expect(section.getByText('Keep the text to 200 characters or fewer (it has 201).')).toBeVisible()
  await expect(section.getByLabel('Text the page must contain')).toHaveValue('x'.repeat(201))
  expect(shopSite.id).toBeGreaterThan(0)

  // The refusing site: Down a minute after its first failure, and one notification of it.
  await page.getByRole('link', { name: 'All sites' }).click()
  await expect(healthCell(page, 'Down Garage')).toHaveText(/^Down/, { timeout: 100_000 })
  await expect
    .poll(() => page.evaluate(() => (globalThis as unknown as { __notifications: { title: string; body: string }[] }).__notifications.map(({ title, body }) => ({ title, body }))))
    .toContainEqual({ title: 'Agency: 1 site is down', body: 'Down: Down Garage' })

  // The Health filter counts each finding; its click on the notification opens the table filtered to Down.
  await page.getByRole('button', { name: 'Filter by health' }).click()
  const menu = page.getByRole('menu', { name: 'Filter by health' })
  for (const name of ['Down (1)', 'Slow (1)', 'Keyword missing (1)']) await expect(menu.getByRole('menuitemcheckbox', { name })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.evaluate(() => {
    const made = (globalThis as unknown as { __notifications: { title: string; onclick: (() => void) | null }[] }).__notifications
    made.find((n) => n.title === 'Agency: 1 site is down')?.onclick?.()
  })
  await expect(page).toHaveURL(/[?&]health=down\b/)
  await expect(siteRows(page)).toHaveCount(1)
  await expect(siteRows(page).first()).toContainText('Down Garage')
})

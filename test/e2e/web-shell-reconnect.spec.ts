// The web shell stopped and started again under an open page: the page says
// "Reconnecting…" by itself, without anyone acting, and once a shell runs again on the same port
// with the same token the same tab recovers on its own: no reload, what was typed is still
// there, the data shows, an action works and pushes arrive again.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import { startWebShell, type RunningWebShell } from './support/web-shell'
import { addFirstAccount, apiSites, siteRows } from './app/accounts-sites-helpers'
import type { RunningReferenceServer } from '../../src/reference-server'
import { screenshotBothThemes } from './support/themes'

test.use({ viewport: { width: 1280, height: 800 }, referenceServerOptions: { port: 0, seed: 'demo', sites: 40 } })

const TOKEN = 'reconnect-e2e-token-0123456789abcdef'

let dataDir = ''
const shells: RunningWebShell[] = []

test.beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'site-manager-e2e-reconnect-'))
})

test.afterEach(async () => {
  for (const shell of shells.splice(0)) await shell.stop()
  await rm(dataDir, { recursive: true, force: true })
})

async function shellOn(port?: number): Promise<RunningWebShell> {
  const shell = await startWebShell({ dataDir, token: TOKEN, ...(port === undefined ? {} : { port }) })
  shells.push(shell)
  return shell
}

function reconnecting(page: Page) {
  return page.getByRole('status').filter({ hasText: 'Reconnecting…' })
}

/** A site created on the API server behind the app's back, as a colleague would. */
async function createSiteOnServer(server: RunningReferenceServer, name: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}/sites`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.tokens[0]}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, url: 'https://reconnect-probe.example' }),
  })
  if (!response.ok) throw new Error(`POST /sites answered ${response.status}`)
}

test('shows Reconnecting… when the shell stops, and the same tab recovers by itself when it runs again', async ({ page, referenceServer }, testInfo) => {
  const first = await shellOn()
  const { port } = first
  await page.goto(first.url)
  await addFirstAccount(page, referenceServer)
  const target = (await apiSites(referenceServer))[3]!
  const search = page.getByRole('searchbox', { name: 'Search sites' })
  await search.fill(target.name)
  await expect(siteRows(page).first()).toContainText(target.name)
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((globalThis as unknown as { reconnectMark: number }).reconnectMark = 42))

  // The shell stops; nobody touches the page.
  await first.stop()
  shells.splice(shells.indexOf(first), 1)
  await expect(reconnecting(page)).toBeVisible({ timeout: 3000 })
  // A polite live region: screen readers hear it without losing their place.
  await expect(reconnecting(page)).toHaveAttribute('aria-live', 'polite')
  await expect(page.getByRole('button', { name: 'Try now' })).toBeVisible()
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'reconnecting')

  // The same port and token: the page finds it by itself (retries back off to 5 s at most).
  await shellOn(port)
  await expect(reconnecting(page)).toBeHidden({ timeout: 12_000 })
  // Said once, then gone.
  await expect(page.getByRole('status').filter({ hasText: 'Connected again.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Try now' })).toBeHidden()
  expect(await page.evaluate(() => (globalThis as unknown as { reconnectMark?: number }).reconnectMark)).toBe(42)
  await expect(search).toHaveValue(target.name)
  await expect(siteRows(page).first()).toContainText(target.name)

  // An action works, and its pushes arrive: a site added on the server meanwhile shows after a Refresh.
  const added = `${target.name} reconnect probe`
  await createSiteOnServer(referenceServer, added)
  await page.getByRole('button', { name: 'Refresh sites' }).click()
  await expect(siteRows(page).filter({ hasText: added })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Connected again.' })).toBeHidden({ timeout: 5000 })
})

test('a frozen shell (no close ever reaches the page) is noticed by the heartbeat, and Try now reconnects at once', async ({ page, referenceServer }) => {
  const shell = await shellOn()
  await page.goto(shell.url)
  await addFirstAccount(page, referenceServer)

  shell.signal('SIGSTOP')
  // A ping every 1.5 s, given up when one stays unanswered for 8 s.
  await expect(reconnecting(page)).toBeVisible({ timeout: 14_000 })
  shell.signal('SIGCONT')
  // Keyboard: Try now is an ordinary button.
  await page.getByRole('button', { name: 'Try now' }).focus()
  await page.keyboard.press('Enter')
  await expect(reconnecting(page)).toBeHidden({ timeout: 6000 })
  await page.getByRole('button', { name: 'Refresh sites' }).click()
  await expect(siteRows(page)).toHaveCount((await apiSites(referenceServer)).length)
})

// The local-first workspace as a person meets it: a long first sync shows its
// progress in pages; an account synced once opens with its data after the app restarts and
// its server is gone, says how old that data is, and stays searchable; a database that cannot
// be read is set aside with a sentence and rebuilt; the sync interval is set in Settings.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startReferenceServer } from '../../../src/reference-server'
import { expect, test } from '../support/fixtures'
import { startWebShell, type RunningWebShell } from '../support/web-shell'
import { screenshotBothThemes } from '../support/themes'
import { addFirstAccount, apiSites, openSitesFromSidebar, siteRows } from './accounts-sites-helpers'

test.use({ viewport: { width: 1280, height: 800 } })

/** Web shells started by a test itself (to restart over one data folder), stopped after it. */
const shells: RunningWebShell[] = []
const folders: string[] = []
test.afterEach(async () => {
  await Promise.all(shells.splice(0).map((shell) => shell.stop()))
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function shellOver(dataDir: string): Promise<RunningWebShell> {
  const shell = await startWebShell({ dataDir })
  shells.push(shell)
  return shell
}

async function dataFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'site-manager-e2e-restart-'))
  folders.push(dir)
  return dir
}

test.describe('a long first sync', () => {
  // 600 sites are 40 pages; at 400 ms an answer and 8 in flight the read takes a few seconds.
  test.use({ referenceServerOptions: { port: 0, seed: 'progress', sites: 600, faults: { latencyMs: 400 } } })

  test('shows its progress in pages, then every site', async ({ openApp, referenceServer }) => {
    const page = await openApp()
    await expect(page.getByRole('heading', { name: 'Welcome to Site Manager' })).toBeVisible()
    await page.getByLabel('Label').fill('Big agency')
    await page.getByLabel('API address').fill(referenceServer.baseUrl)
    await page.getByLabel('Token', { exact: true }).fill(referenceServer.tokens[0]!)
    await page.getByRole('button', { name: 'Add account' }).click()

    const bar = page.getByRole('progressbar', { name: 'Sync progress' })
    await expect(bar).toBeVisible()
    await expect(bar).toHaveAttribute('aria-valuetext', /^Syncing \d+ of \d+ pages$/)
    await expect(page.getByTestId('sync-status')).toContainText(/Syncing/)

    // The first account opens on the Overview; the count is the Sites view's.
    await openSitesFromSidebar(page)
    await expect(page.getByText('600 sites', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(bar).toHaveCount(0)
    await expect(page.getByTestId('sync-status')).toHaveText(/Synced just now/)
  })
})

test('an account synced once opens with its data after a restart, with its server stopped', async ({ page }, testInfo) => {
  const server = await startReferenceServer({ port: 0, seed: 'offline', sites: 60 })
  let serverRunning = true
  try {
    const sites = await apiSites(server)
    const dataDir = await dataFolder()
    const first = await shellOver(dataDir)
    await page.goto(first.url)
    await addFirstAccount(page, server)
    await expect(page.getByText(`${sites.length} sites`, { exact: true })).toBeVisible()
    await expect(page.getByTestId('sync-status')).toHaveText(/Synced/)

    // The app stops, and so does the API.
    await first.stop()
    shells.splice(shells.indexOf(first), 1)
    await server.close()
    serverRunning = false

    const second = await shellOver(dataDir)
    await page.goto(second.url)
    // The app opens on the Overview, with the stored figures; then the list.
    await expect(page.getByRole('list', { name: 'Totals' }).getByRole('link', { name: new RegExp(`^Sites ${sites.length} `) })).toBeVisible()
    await openSitesFromSidebar(page)
    await expect(page.getByText(`${sites.length} sites`, { exact: true })).toBeVisible()
    await expect(siteRows(page).first()).toBeVisible()
    const banner = page.getByRole('alert').filter({ hasText: 'the server cannot be reached' })
    await expect(banner).toBeVisible({ timeout: 20_000 })
    await expect(banner).toContainText(/^Showing data from .+: the server cannot be reached/)
    await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible()
    await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'sites-offline')

    // Everything still browsable and searchable.
    const target = sites[11]!
    await page.getByRole('searchbox', { name: 'Search sites' }).fill(target.name)
    await expect(siteRows(page).first()).toContainText(target.name)
    await page.getByRole('link', { name: target.name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible()
    await expect(page.getByText(target.url, { exact: true })).toBeVisible()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
    await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible()

    // Retry while the server is still down: the data stays, the banner says the same.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click()
    await page.getByRole('alert').filter({ hasText: 'the server cannot be reached' }).getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'the server cannot be reached' })).toBeVisible()
    await page.getByRole('searchbox', { name: 'Search sites' }).fill('')
    await expect(page.getByText(`${sites.length} sites`, { exact: true })).toBeVisible()
  } finally {
    if (serverRunning) await server.close()
  }
})

test('a database that cannot be read is set aside with a sentence and rebuilt from the server', async ({ page, referenceServer }) => {
  const sites = await apiSites(referenceServer)
  const dataDir = await dataFolder()
  const first = await shellOver(dataDir)
  await page.goto(first.url)
  await addFirstAccount(page, referenceServer)
  await first.stop()
  shells.splice(shells.indexOf(first), 1)

  for (const suffix of ['-wal', '-shm']) await rm(join(dataDir, `workspace.sqlite${suffix}`), { force: true })
  await writeFile(join(dataDir, 'workspace.sqlite'), 'this is not a database, it was damaged')

  const second = await shellOver(dataDir)
  await page.goto(second.url)
  const notices = page.getByRole('region', { name: 'Notices' })
  await expect(notices.getByRole('status')).toContainText(/could not be read.*workspace\.sqlite\.corrupt-/)
  // The account is still there (it is not in the database), and its data comes back.
  await openSitesFromSidebar(page)
  await expect(page.getByText(`${sites.length} sites`, { exact: true })).toBeVisible({ timeout: 20_000 })
  await notices.getByRole('button', { name: 'Dismiss notice' }).click()
  await expect(notices.getByRole('status')).toHaveCount(0)
})

test('Settings: the sync interval is checked, kept across a reload, and an account syncs on demand', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()

  const interval = page.getByRole('textbox', { name: 'Sync interval (minutes)' })
  await expect(interval).toHaveValue('5')
  // Each card has its own Save: this is the Automatic sync card's.
  const saveInterval = page.getByRole('region', { name: 'Automatic sync' }).getByRole('button', { name: 'Save' })
  await interval.fill('0')
  await saveInterval.click()
  await expect(page.getByText('Enter a number of minutes from 1 to 1440 (one day).')).toBeVisible()
  await interval.fill('15')
  await saveInterval.click()
  await expect(page.getByText('Saved: every account syncs every 15 minutes.')).toBeVisible()
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'settings')

  await page.reload()
  await expect(page.getByRole('textbox', { name: 'Sync interval (minutes)' })).toHaveValue('15')

  // A site created behind the app's back arrives with "Sync now".
  await fetch(`${referenceServer.baseUrl}/sites`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${referenceServer.tokens[0]}`, Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Made elsewhere', url: 'https://elsewhere.example.com' }),
  })
  await page.getByRole('button', { name: 'Sync now: Agency' }).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click()
  await expect(page.getByText('61 sites', { exact: true })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search sites' }).fill('Made elsewhere')
  await expect(siteRows(page)).toHaveCount(1)
})

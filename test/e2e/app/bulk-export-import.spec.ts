// Working on many sites at once, as a person does it through the web shell against the
// reference server: select sites and delete them in one go (one of them deleted on the server
// meanwhile, so the server answers 404 and it is reported as already gone, not as failed;
// failures and Retry failed are bulk-delete-failures.spec.ts's), export the view
// and parse the downloaded file back against what the server holds, import sites from a CSV
// with invalid rows (and a second run that creates nothing twice), and export the events.
import { readFile, writeFile } from 'node:fs/promises'
import Papa from 'papaparse'
import { expect, test } from '../support/fixtures'
import type { Page } from '@playwright/test'
import type { Site, SiteEvent, Tag } from '../../../src/shared'
import type { RunningReferenceServer } from '../../../src/reference-server'
import { addFirstAccount, siteRows } from './accounts-sites-helpers'
import { apiAll, apiSites, apiTags } from './tags-events-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1280, height: 800 } })

/**
 * The columns the table shows before the person changes them (what an export holds): the
 * header as the table names them, each value as a person would write it, from the server's
 * own site. Written out here, not imported from the app, so the test checks the app.
 */
const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
const COLUMNS: Array<[key: string, label: string, text: (site: Site) => string]> = [
  ['name', 'Name', (s) => s.name],
  ['url', 'Address', (s) => s.url],
  ['status', 'Status', (s) => s.status],
  ['updates', 'Updates', (s) => (s.updates_count === undefined ? '' : String(s.updates_count))],
  ['php', 'PHP', (s) => s.server.php ?? ''],
  ['mysql', 'MySQL', (s) => s.server.mysql ?? ''],
  ['web', 'Web server', (s) => s.server.web ?? ''],
  ['tags', 'Tags', (s) => s.tags.map((t) => t.name).sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' })).join(', ')],
  ['lastCheck', 'Last check', (s) => s.last_check_at ?? ''],
]

/** Where Health stands in an export: after Status, as the table shows it. */
const HEALTH_AT = COLUMNS.findIndex(([key]) => key === 'status') + 1
const withHealth = <T,>(row: readonly T[], health: T): T[] => [...row.slice(0, HEALTH_AT), health, ...row.slice(HEALTH_AT)]
const withoutHealth = <T,>(row: readonly T[]): T[] => [...row.slice(0, HEALTH_AT), ...row.slice(HEALTH_AT + 1)]

/** The rows the table draws, top first: each name, its Health cell's words (null for none) and its "+n". */
async function shownHealth(page: Page): Promise<Array<{ index: number; name: string; text: string | null; more: number }>> {
  const shown = await siteRows(page).evaluateAll((rows) =>
    rows.map((row) => {
      const cell = row.querySelector('td[data-column="health"]')
      const more = cell?.querySelector('.more')?.textContent?.trim() ?? ''
      return {
        index: Number(row.getAttribute('data-index')),
        name: row.querySelector('.name-link')?.textContent?.trim() ?? '',
        text: cell?.querySelector('.health-text')?.textContent?.trim() ?? null,
        more: more === '' ? 0 : Number(more.replace('+', '')),
      }
    }),
  )
  return shown.sort((a, b) => a.index - b.index)
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' })

/** Selects these sites as a person does: finds each by its address, ticks its row's checkbox. */
async function selectSites(page: Page, sites: readonly Site[]): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search sites' })
  for (const site of sites) {
    await search.fill(site.url.replace(/^https?:\/\//, ''))
    await siteRows(page).filter({ hasText: site.name }).first().getByRole('checkbox').check()
  }
  await search.fill('')
}

async function deleteOnServer(server: RunningReferenceServer, siteId: number): Promise<void> {
  const response = await fetch(`${server.baseUrl}/sites/${siteId}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${server.tokens[0]}`, Accept: 'application/json' },
  })
  expect(response.ok).toBe(true)
}

/** The downloaded file's text, after doing what starts the download. */
async function downloadOf(page: Page, start: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()])
  const path = await download.path()
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') }
}

const today = () => {
  const at = new Date()
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`
}

test('deletes three selected sites at once; one deleted elsewhere meanwhile is reported as already gone, not as a failure', async ({ openApp, referenceServer }, testInfo) => {
  const sites = (await apiSites(referenceServer)).sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
  const chosen = [sites[0]!, sites[1]!, sites[2]!]
  const gone = chosen[1]!
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  await selectSites(page, chosen)
  const bar = page.getByRole('toolbar', { name: 'Selection' })
  await expect(bar.getByText('3 selected', { exact: true })).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'selection-bar')

  // Someone else deletes one of them on the server while it is selected here.
  await deleteOnServer(referenceServer, gone.id)

  await bar.getByRole('button', { name: 'Delete…' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete 3 sites?' })
  await expect(dialog).toBeVisible()
  const items = dialog.getByRole('list', { name: 'Sites to delete' }).getByRole('listitem')
  await expect(items).toHaveCount(3)
  for (const [index, site] of chosen.entries()) await expect(items.nth(index)).toContainText(site.name)
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'bulk-delete-confirm')
  await dialog.getByRole('button', { name: 'Delete 3 sites' }).click()

  // What the person asked for is done: the site the server no longer has is gone, not failed.
  const result = page.getByRole('alertdialog', { name: 'Sites deleted' })
  await expect(result).toBeVisible()
  await expect(result.getByRole('status')).toHaveText('Deleted 2 sites; 1 already gone.')
  const outcomes = result.getByRole('list', { name: 'Sites and what became of them' }).getByRole('listitem')
  await expect(outcomes.nth(0)).toContainText('Deleted')
  await expect(outcomes.nth(1)).toContainText('Already gone')
  await expect(outcomes.nth(2)).toContainText('Deleted')
  await expect(result.getByRole('button', { name: /Retry failed/ })).toHaveCount(0)
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'bulk-delete-result')

  await result.getByRole('button', { name: 'Close' }).click()
  await expect(result).toBeHidden()
  // Closed, the dialog leaves a toast that sums up what it did.
  await expect(toasts(page).getByText('Deleted 2 sites; 1 already gone', { exact: true })).toBeVisible()
  const left = await apiSites(referenceServer)
  for (const site of chosen) expect(left.some((s) => s.id === site.id)).toBe(false)
  await expect(page.getByText(`${left.length} sites`, { exact: true })).toBeVisible()
  for (const site of chosen) await expect(siteRows(page).filter({ hasText: site.url.replace(/^https?:\/\//, '') })).toHaveCount(0)
  await expect(bar).toBeHidden()
})

test.describe('with 500 sites', () => {
  test.use({ referenceServerOptions: { port: 0, seed: 'demo', sites: 500 } })

  test('exports the view as CSV and JSON; the downloaded files hold exactly what the server has', async ({ openApp, referenceServer }) => {
    const page = await openApp()
    await addFirstAccount(page, referenceServer)
    const sites = await apiSites(referenceServer)
    await expect(page.getByText(`${sites.length} sites`, { exact: true })).toBeVisible()

    const csv = await downloadOf(page, async () => {
      await page.getByRole('button', { name: `Export ${sites.length} sites` }).click()
      await page.getByRole('menuitem', { name: /^CSV/ }).click()
    })
    expect(csv.name).toBe(`sites-agency-${today()}.csv`)
    expect(csv.text.charCodeAt(0)).not.toBe(0xfeff)
    expect(csv.text).toContain('\r\n')
    const rows = Papa.parse<string[]>(csv.text, { skipEmptyLines: true }).data
    // Health (core's own checks) follows Status, as in the table; its cells are checked against the table below.
    expect(rows[0]).toEqual(withHealth(COLUMNS.map(([, label]) => label), 'Health'))
    // Neutralised formula cells read back as the server's text.
    const unquote = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)
    const exported = rows.slice(1).map((row) => withoutHealth(row).map(unquote))
    const expected = [...sites]
      .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
      .map((site) => COLUMNS.map(([, , text]) => text(site)))
    expect(exported).toHaveLength(sites.length)
    // Same sites with the same values; in the order the table shows them (by name).
    expect([...exported].sort()).toEqual([...expected].sort())
    expect(exported.map((row) => row[0])).toEqual(expected.map((row) => row[0]))
    await expect(toasts(page).getByText(`Exported ${sites.length} sites to ${csv.name}`)).toBeVisible()

    const json = await downloadOf(page, async () => {
      await page.getByRole('button', { name: `Export ${sites.length} sites` }).click()
      await page.getByRole('menuitem', { name: /^JSON/ }).click()
    })
    expect(json.name).toBe(`sites-agency-${today()}.json`)
    const objects = JSON.parse(json.text) as Array<Record<string, string | number>>
    expect(objects).toHaveLength(sites.length)
    const serverById = new Map(sites.map((s) => [s.id, s]))
    for (const object of objects) {
      const site = serverById.get(object.id as number)
      expect(site, `site ${object.id} is on the server`).toBeDefined()
      const { health, ...fields } = object
      expect(typeof health).toBe('string')
      expect(fields).toEqual({ id: site!.id, ...Object.fromEntries(COLUMNS.map(([key, , text]) => [key, text(site!)])) })
    }

    // The Health column holds what the table shows: each site's findings in the table's words,
    // worst first (the table shows the first and how many more). A health cycle may land while
    // the file is written, so the export is made again until the table held still around it.
    await expect(async () => {
      const before = await shownHealth(page)
      const again = await downloadOf(page, async () => {
        await page.getByRole('button', { name: `Export ${sites.length} sites` }).click()
        await page.getByRole('menuitem', { name: /^CSV/ }).click()
      })
      expect(await shownHealth(page)).toEqual(before)
      // The first health round lands some seconds after the open: until then no row has findings.
      expect(before.some((shown) => shown.text !== null), 'the table shows findings at all').toBe(true)
      const inFile = Papa.parse<string[]>(again.text, { skipEmptyLines: true }).data.slice(1)
      expect(before.length).toBeGreaterThan(5)
      for (const shown of before) {
        const row = inFile[shown.index]!
        const labels = row[HEALTH_AT]!.split('; ').filter((label) => label !== '')
        expect(row[0]!.replace(/^'(?=[=+\-@\t\r])/, ''), `row ${shown.index + 1} is the table's`).toBe(shown.name)
        expect({ first: labels[0] ?? null, more: Math.max(0, labels.length - 1) }, `${shown.name}'s health`).toEqual({ first: shown.text, more: shown.more })
      }
    }).toPass({ timeout: 60_000 })
  })
})

test('imports sites from a CSV with invalid rows and creates nothing twice when the same file is imported again', async ({ openApp, referenceServer }, testInfo) => {
  const before = await apiSites(referenceServer)
  const existing = before[4]!
  const tagsBefore = await apiTags(referenceServer)
  const knownTag = tagsBefore[0]!
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  const existingUpper = existing.url.replace(/^(https?:\/\/)([^/]+)/, (_, scheme: string, host: string) => `${scheme}${host.toUpperCase()}`) + '/'
  const file = testInfo.outputPath('sites-to-import.csv')
  await writeFile(
    file,
    [
      'Name,Address,Admin URL,Tags,Notes,Owner',
      `Imported Shop,https://imported-shop.example.com,https://imported-shop.example.com/wp-admin,"${knownTag.name.toUpperCase()}; Imported",Call Maria first,Ann`,
      ',https://no-name.example.com,,,,Ann',
      'Files,ftp://files.example.com,,,,Ann',
      `Already there,${existingUpper},,,,Ann`,
      'Imported Shop again,https://imported-shop.example.com/,,,,Ann',
      'Imported Blog,https://imported-blog.example.org,,Imported,,Ann',
      'Bare host,bare-host.example.net,,,,Ann',
    ].join('\r\n'),
  )

  await page.getByRole('button', { name: 'Import…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import sites' })
  await expect(dialog).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'import-pick')
  await dialog.getByLabel('Choose a CSV file…').setInputFiles(file)
  await expect(dialog.getByText('7 rows: 2 ready, 3 invalid, 2 already present')).toBeVisible()
  const table = dialog.getByRole('table', { name: 'Import preview' })
  const row = (line: number) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) })
  await expect(row(2)).toContainText('Ready')
  await expect(row(3)).toContainText('Name is missing.')
  await expect(row(4)).toContainText('Address "ftp://files.example.com" is not an http(s) address.')
  await expect(row(5)).toContainText(`Already in the account as "${existing.name}".`)
  await expect(row(6)).toContainText('Same address as row 2 above.')
  await expect(row(7)).toContainText('Ready')
  await expect(row(8)).toContainText('Address needs http:// or https:// (https://bare-host.example.net?).')
  await expect(dialog.getByText('Columns left out: Owner.')).toBeVisible()
  await expect(dialog.getByText('New tags to create first: Imported.')).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'import-preview')

  // The bare host is taken with https://, as the form would.
  await row(8).getByRole('button', { name: 'Use https://bare-host.example.net' }).click()
  await expect(row(8)).toContainText('Ready')
  await dialog.getByRole('button', { name: 'Import 3 sites' }).click()
  await expect(dialog.getByRole('status')).toHaveText('Created 3 sites.')
  for (const line of [2, 7, 8]) await expect(row(line)).toContainText('Created')
  await expect(toasts(page).getByText('Imported 3 sites', { exact: true })).toBeVisible()

  const after = await apiSites(referenceServer)
  expect(after).toHaveLength(before.length + 3)
  const tagsAfter = await apiTags(referenceServer)
  const importedTag = tagsAfter.filter((t: Tag) => t.name === 'Imported')
  expect(importedTag).toHaveLength(1)
  const shop = after.find((s) => s.url.startsWith('https://imported-shop.example.com'))!
  expect(shop).toMatchObject({ name: 'Imported Shop', admin_url: 'https://imported-shop.example.com/wp-admin', notes: 'Call Maria first' })
  expect(shop.tags.map((t) => t.name).sort()).toEqual([knownTag.name, 'Imported'].sort())
  expect(after.find((s) => s.name === 'Imported Blog')?.tags.map((t) => t.name)).toEqual(['Imported'])
  expect(after.find((s) => s.name === 'Bare host')?.url).toMatch(/^https:\/\/bare-host\.example\.net\/?$/)

  // The same file again: everything it would create is there now.
  await dialog.getByLabel('Choose another file…').setInputFiles(file)
  await expect(dialog.getByText('7 rows: 0 ready, 3 invalid, 4 already present')).toBeVisible()
  for (const line of [2, 5, 6, 7]) await expect(row(line)).toContainText('Already present')
  await expect(dialog.getByRole('button', { name: 'Nothing to import' })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  expect(await apiSites(referenceServer)).toHaveLength(before.length + 3)
  expect((await apiTags(referenceServer)).filter((t) => t.name === 'Imported')).toHaveLength(1)
  await expect(page.getByText(`${before.length + 3} sites`, { exact: true })).toBeVisible()
})

test('exports the events matching the filters as CSV, every one of them, not only those on screen', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()

  const [events, sites] = await Promise.all([apiAll<SiteEvent>(referenceServer, '/logs'), apiSites(referenceServer)])
  // Every event stored (the first sync fills older events in the background).
  await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ events$/ })).toHaveText(`${events.length.toLocaleString('en-US')} events`, { timeout: 20_000 })

  const type = 'updated_extension'
  await page.getByLabel('Type').selectOption(type)
  const matching = events.filter((e) => e.type === type)
  expect(matching.length).toBeGreaterThan(50)
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'events-export')

  const file = await downloadOf(page, () => page.getByRole('button', { name: 'Export CSV' }).click())
  expect(file.name).toBe(`events-agency-${today()}.csv`)
  const rows = Papa.parse<string[]>(file.text, { skipEmptyLines: true }).data
  expect(rows[0]).toEqual(['Time', 'Site id', 'Site name', 'Type', 'Category', 'Message'])
  const names = new Map(sites.map((s) => [s.id, s.name]))
  const unquote = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)
  const expected = matching.map((e) => [new Date(e.created_at).toISOString(), String(e.site_id), names.get(e.site_id) ?? '', e.type, e.category, e.message])
  const exported = rows.slice(1).map((row) => row.map(unquote))
  expect(exported).toHaveLength(matching.length)
  expect([...exported].sort()).toEqual([...expected].sort())
  // Newest first, as the feed.
  const times = exported.map((row) => Date.parse(row[0]!))
  expect(times).toEqual([...times].sort((a, b) => b - a))
  await expect(toasts(page).getByText(`Exported ${matching.length.toLocaleString('en-US')} events to ${file.name}`)).toBeVisible()
})

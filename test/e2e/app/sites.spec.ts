// Sites as a person uses them, through the web shell against the reference server (60 sites):
// list, search, filter and sort; open one with everything the spec returns and its
// events; create one with tags and see them after a reload; delete it after confirming; and
// the keyboard shortcuts.
import { expect, test } from '../support/fixtures'
import type { Page as ApiPage, SiteEvent, Tag } from '../../../src/shared'
import { addFirstAccount, apiGet, apiSites, siteRows } from './accounts-sites-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1280, height: 800 } })

test('lists every site with counts, searches, filters and sorts', async ({ openApp, referenceServer }, testInfo) => {
  const sites = await apiSites(referenceServer)
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  await expect(page.getByText(`${sites.length} sites`, { exact: true })).toBeVisible()
  const table = page.getByRole('table', { name: 'Sites' })
  for (const name of ['Name', 'Address', 'Status', 'Updates', 'PHP', 'MySQL', 'Web server', 'Tags', 'Last check']) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible()
  }
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'sites')

  // Search by name.
  const target = sites[7]!
  await page.getByRole('searchbox', { name: 'Search sites' }).fill(target.name)
  await expect(siteRows(page).first()).toContainText(target.name)
  const matching = sites.filter((s) => s.name.toLowerCase().includes(target.name.toLowerCase()) || s.url.toLowerCase().includes(target.name.toLowerCase()))
  await expect(siteRows(page)).toHaveCount(matching.length)
  await expect(page.getByText(`${matching.length} of ${sites.length} sites`)).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search sites' }).fill('')

  // Filters: never checked, has updates.
  await page.getByLabel('Never checked').check()
  await expect(siteRows(page)).toHaveCount(sites.filter((s) => s.last_check_at === null).length)
  await page.getByLabel('Never checked').uncheck()
  await page.getByLabel('Has updates').check()
  await expect(siteRows(page)).toHaveCount(sites.filter((s) => (s.updates_count ?? 0) > 0).length)
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'sites-filtered')
  await page.getByRole('button', { name: 'Clear filters' }).click()

  // Sort by pending updates, most first.
  await table.getByRole('columnheader', { name: 'Updates' }).getByRole('button').click()
  await expect(table.getByRole('columnheader', { name: 'Updates' })).toHaveAttribute('aria-sort', 'descending')
  const most = Math.max(...sites.map((s) => s.updates_count ?? 0))
  // The cells after the row's checkbox: Name, Address, Status, Health, Updates.
  await expect(siteRows(page).first().getByRole('cell').nth(5)).toHaveText(String(most))
})

test('opens a site with everything the spec returns and its events', async ({ openApp, referenceServer }, testInfo) => {
  const sites = await apiSites(referenceServer)
  const site = sites.find((s) => s.tags.length > 0 && s.server.php !== null && s.notes !== '') ?? sites.find((s) => s.tags.length > 0)!
  const events = await apiGet<ApiPage<SiteEvent>>(referenceServer, `/sites/${site.id}/logs?page=1`)
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  await page.getByRole('searchbox', { name: 'Search sites' }).fill(site.name)
  await page.getByRole('link', { name: site.name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible()
  await expect(page.getByText(site.url, { exact: true })).toBeVisible()
  if (site.admin_url) await expect(page.getByText(site.admin_url, { exact: true })).toBeVisible()
  const server = page.getByRole('region', { name: 'Server' })
  for (const value of [site.server.ip, site.server.web, site.server.php, site.server.mysql]) {
    if (value) await expect(server.getByText(value, { exact: true })).toBeVisible()
  }
  const tags = page.getByRole('region', { name: 'Tags' })
  for (const tag of site.tags) await expect(tags.getByText(tag.name, { exact: true })).toBeVisible()
  if (site.notes) await expect(page.getByRole('region', { name: 'Notes' })).toContainText(site.notes.slice(0, 30))
  await expect(page.getByRole('region', { name: 'Details' }).getByText(String(site.id), { exact: true })).toBeVisible()
  if (events.data[0]) await expect(page.getByText(events.data[0].message).first()).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'site-detail')
})

test('creates a site with tags, sees them after a reload, then deletes it', async ({ openApp, referenceServer }, testInfo) => {
  const tags = (await apiGet<ApiPage<Tag>>(referenceServer, '/tags?page=1')).data
  const [first, second] = [tags[0]!, tags[1]!]
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  await page.getByRole('button', { name: 'New site' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New site' })
  await expect(dialog).toBeVisible()
  // Checked before sending.
  await dialog.getByLabel('Address', { exact: true }).fill('not an address')
  await dialog.getByRole('button', { name: 'Add site' }).click()
  await expect(dialog.getByText('Name is required.')).toBeVisible()
  await expect(dialog.getByText(/must be a full address/)).toBeVisible()

  await dialog.getByLabel('Name', { exact: true }).fill('E2E Bakery')
  await dialog.getByLabel('Address', { exact: true }).fill('https://e2e-bakery.example.com')
  await dialog.getByLabel('Admin address').fill('https://e2e-bakery.example.com/admin')
  await dialog.getByLabel('CMS id').fill('1')
  await dialog.getByRole('textbox', { name: 'Private key' }).fill('very-secret-key')
  await expect(dialog.getByRole('textbox', { name: 'Private key' })).toHaveAttribute('type', 'password')
  await dialog.getByLabel('Text to look for').fill('Fresh bread')
  await dialog.getByLabel('Notes').fill('Opened by the e2e test.')
  await dialog.getByText(first.name, { exact: true }).click()
  await dialog.getByText(second.name, { exact: true }).click()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'add-site')
  await dialog.getByRole('button', { name: 'Add site' }).click()

  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Bakery' })).toBeVisible()
  const tagRegion = page.getByRole('region', { name: 'Tags' })
  await expect(tagRegion.getByText(first.name, { exact: true })).toBeVisible()
  await expect(tagRegion.getByText(second.name, { exact: true })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Bakery' })).toBeVisible()
  await expect(tagRegion.getByText(first.name, { exact: true })).toBeVisible()
  await expect(tagRegion.getByText(second.name, { exact: true })).toBeVisible()
  await expect(page.getByText('Opened by the e2e test.')).toBeVisible()
  const created = (await apiSites(referenceServer)).find((s) => s.name === 'E2E Bakery')!
  expect(created.tags.map((t) => t.id).sort()).toEqual([first.id, second.id].sort())

  // Delete: a confirmation naming the site; Cancel keeps it, Delete removes it.
  await page.getByRole('button', { name: 'Delete site' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete “E2E Bakery”?' })
  await expect(confirm).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'delete-site')
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await page.getByRole('button', { name: 'Delete site' }).click()
  await confirm.getByRole('button', { name: 'Delete site' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search sites' }).fill('E2E Bakery')
  await expect(page.getByText('No sites match')).toBeVisible()
  expect((await apiSites(referenceServer)).some((s) => s.name === 'E2E Bakery')).toBe(false)
})

test('keyboard: Ctrl+K searches, Ctrl+N opens New site, Esc closes it, Ctrl+R refreshes without reloading', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  await expect(siteRows(page).first()).toBeVisible()

  // From a view without a search box, Ctrl+K goes to the sites and focuses theirs.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible()
  await page.keyboard.press('Control+k')
  await expect(page.getByRole('searchbox', { name: 'Search sites' })).toBeFocused()

  await page.keyboard.press('Control+n')
  await expect(page.getByRole('dialog', { name: 'New site' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'New site' })).toBeHidden()

  // A marker on window survives only if the page was not reloaded.
  await page.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 42))
  const sitesRequests: string[] = []
  page.on('websocket', () => sitesRequests.push('new socket'))
  await page.keyboard.press('Control+r')
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
  expect(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(42)
  expect(sitesRequests).toEqual([])
})

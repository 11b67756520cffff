// The Sites view's state as a person uses it, against the reference server's 500 demo sites:
// search over every column, filters with counts, a two-level sort, the whole state kept in the
// address (Back from a site restores it), remembered per account across a reload, and saved
// views in the sidebar. What the app shows is compared with what the server holds.
import { expect, test } from '../support/fixtures'
import type { Site } from '../../../src/shared'
import { addFirstAccount, apiSites, siteRows } from './accounts-sites-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1360, height: 860 }, referenceServerOptions: { port: 0, seed: 'demo', sites: 500 } })

/** What the app's search looks in: every column's text, lower-cased. */
function searchText(site: Site): string {
  const strip = (url: string) => url.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
  const { ip, web, php, mysql } = site.server
  return [site.name, strip(site.url), site.admin_url ? strip(site.admin_url) : '', site.status, ...site.tags.map((t) => t.name), ip, web, php, mysql, site.notes]
    .filter(Boolean)
    .join('\u0001')
    .toLowerCase()
}

const countText = (shown: number, total: number) => `${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} sites`

test('searches every column and filters by server versions with counts', async ({ openApp, referenceServer }, testInfo) => {
  const sites = await apiSites(referenceServer)
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  const searchBox = page.getByRole('searchbox', { name: 'Search sites' })

  // Versions and server software are found, not just names and addresses.
  for (const query of ['8.3.9', 'nginx/1.26', 'mariadb']) {
    await searchBox.fill(query)
    const expected = sites.filter((s) => searchText(s).includes(query)).length
    expect(expected).toBeGreaterThan(0)
    await expect(page.getByText(countText(expected, sites.length))).toBeVisible()
  }
  await searchBox.fill('')

  // The PHP menu counts every version as the server holds them; ticking two shows both.
  const php = (value: string | null) => sites.filter((s) => s.server.php === value).length
  await page.getByRole('button', { name: 'Filter by PHP version' }).click()
  const menu = page.getByRole('menu', { name: 'Filter by PHP version' })
  await expect(menu.getByRole('menuitemcheckbox', { name: `8.2.18 (${php('8.2.18')})` })).toBeVisible()
  await expect(menu.getByRole('menuitemcheckbox', { name: `Not known (${php(null)})` })).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'sites-php-filter')
  await menu.getByRole('menuitemcheckbox', { name: `8.2.18 (${php('8.2.18')})` }).click()
  await page.keyboard.press('ArrowDown')
  await menu.getByRole('menuitemcheckbox', { name: `8.3.9 (${php('8.3.9')})` }).press('Space')
  await page.keyboard.press('Escape')
  await expect(page.getByText(countText(php('8.2.18') + php('8.3.9'), sites.length))).toBeVisible()
  const chips = page.getByRole('list', { name: 'Filters in use' })
  await expect(chips.getByRole('listitem')).toHaveCount(2)
  for (const chip of ['PHP: 8.2.18', 'PHP: 8.3.9']) {
    await expect(chips.getByText(chip, { exact: true })).toBeVisible()
    await expect(chips.getByRole('button', { name: `Remove filter ${chip}` })).toBeVisible()
  }

  // The web server menu counts only among the ticked PHP versions (faceted counts).
  const inPhp = sites.filter((s) => s.server.php === '8.2.18' || s.server.php === '8.3.9')
  const nginx = inPhp.filter((s) => s.server.web === 'nginx/1.24.0').length
  await page.getByRole('button', { name: 'Filter by web server' }).click()
  await page.getByRole('menuitemcheckbox', { name: `nginx/1.24.0 (${nginx})` }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByText(countText(nginx, sites.length))).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'sites-filter-chips')

  // A chip removes its filter; Clear filters removes them all.
  await chips.getByRole('button', { name: 'Remove filter Web server: nginx/1.24.0' }).click()
  await expect(page.getByText(countText(inPhp.length, sites.length))).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page.getByText(`${sites.length} sites`, { exact: true })).toBeVisible()
})

test('keeps search, filters and sort in the address: Back from a site and a reload restore them', async ({ openApp, referenceServer }) => {
  const sites = await apiSites(referenceServer)
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  // Scrolled down the whole list, open a site there: Back comes to the same place.
  const table = page.getByRole('table', { name: 'Sites' })
  const scroller = table.locator('xpath=..')
  const scrollTop = (set?: number) =>
    scroller.evaluate((element, top) => {
      if (top !== undefined) element.scrollTop = top
      return element.scrollTop
    }, set)
  const scrolled = await scrollTop(4000)
  expect(scrolled).toBeGreaterThan(1000)
  // The first site whose row is below the middle of the window, once the rows scrolled to are rendered.
  const nameInMiddle = async () => {
    for (const row of await siteRows(page).all()) {
      const box = await row.boundingBox()
      if (box && box.y > 430) return ((await row.getByRole('cell').nth(1).textContent()) ?? '').trim()
    }
    return ''
  }
  await expect.poll(nameInMiddle).not.toBe('')
  const middle = await nameInMiddle()
  await page.getByRole('link', { name: middle, exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: middle })).toBeVisible()
  await page.goBack()
  await expect.poll(() => scrollTop()).toBe(scrolled)
  await expect(page.getByRole('link', { name: middle, exact: true }).first()).toBeInViewport()

  await page.getByRole('searchbox', { name: 'Search sites' }).fill('shop')
  await page.getByLabel('Has updates').check()
  const expected = sites.filter((s) => searchText(s).includes('shop') && (s.updates_count ?? 0) > 0)
  expect(expected.length).toBeGreaterThan(0)
  await expect(page.getByText(countText(expected.length, sites.length))).toBeVisible()
  await expect(page).toHaveURL(/#\/sites\?q=shop&updates=1$/)

  // Open a site, then Back: one step, and everything as it was.
  const first = siteRows(page).first()
  // The first cell is the row's checkbox; the name comes next.
  const name = (await first.getByRole('cell').nth(1).textContent())!.trim()
  await first.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('searchbox', { name: 'Search sites' })).toHaveValue('shop')
  await expect(page.getByLabel('Has updates')).toBeChecked()
  await expect(page.getByText(countText(expected.length, sites.length))).toBeVisible()

  // Garbage in the address is ignored, never a broken page.
  await page.goto(page.url().replace(/#.*$/, '#/sites?sort=nonsense&tag=abc&php=8.3.9&sel=x.y'))
  await expect(page.getByText(countText(sites.filter((s) => s.server.php === '8.3.9').length, sites.length))).toBeVisible()

  // A plain /sites after a reload (a restart: nothing in memory) restores the account's last view.
  await page.getByRole('searchbox', { name: 'Search sites' }).fill('shop')
  await expect(page).toHaveURL(/q=shop/)
  await page.getByRole('link', { name: 'Tags', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible()
  await page.getByRole('link', { name: 'Sites', exact: true }).click()
  await expect(page.getByRole('searchbox', { name: 'Search sites' })).toHaveValue('shop')
  await expect(page).toHaveURL(/q=shop/)
  const shopPhp = sites.filter((s) => s.server.php === '8.3.9' && searchText(s).includes('shop')).length
  await expect(page.getByText(countText(shopPhp, sites.length))).toBeVisible()
})

test('sorts by a column, then a second with Shift', async ({ openApp, referenceServer }) => {
  const sites = await apiSites(referenceServer)
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  const table = page.getByRole('table', { name: 'Sites' })

  await table.getByRole('columnheader', { name: 'PHP' }).getByRole('button').click()
  await table.getByRole('columnheader', { name: 'Updates' }).getByRole('button').click({ modifiers: ['Shift'] })
  await expect(table.getByRole('columnheader', { name: 'PHP' })).toHaveAttribute('aria-sort', 'ascending')
  await expect(page).toHaveURL(/sort=php,-updates/)

  // The first rows: the lowest PHP version, most updates first among them, then by name.
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
  const expected = sites
    .filter((s) => s.server.php !== null)
    .sort(
      (a, b) =>
        collator.compare(a.server.php!, b.server.php!) ||
        (b.updates_count ?? -1) - (a.updates_count ?? -1) ||
        collator.compare(a.name, b.name) ||
        a.id - b.id,
    )
    .slice(0, 5)
    .map((s) => s.name)
  // Only the rows on screen are rendered: the first five are enough.
  await expect
    .poll(async () => (await siteRows(page).locator('td:nth-child(2)').allInnerTexts()).slice(0, 5).map((t) => t.trim()))
    .toEqual(expected)
})

test('saves a view under a name, lists it in the sidebar and opens it again', async ({ openApp, referenceServer }, testInfo) => {
  const sites = await apiSites(referenceServer)
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  await page.getByLabel('Never checked').check()
  const never = sites.filter((s) => s.last_check_at === null).length
  await expect(page.getByText(countText(never, sites.length))).toBeVisible()

  await page.getByRole('button', { name: 'Save view…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save view' })
  await dialog.getByRole('button', { name: 'Save view' }).click()
  await expect(dialog.getByText('Give the view a name.')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Never checked')
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'save-view')
  await dialog.getByRole('textbox', { name: 'Name' }).press('Enter')
  await expect(dialog).toBeHidden()

  const saved = page.getByRole('list', { name: 'Saved views' }).getByRole('link', { name: 'Never checked' })
  await expect(saved).toHaveAttribute('aria-current', 'page')
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page.getByText(`${sites.length} sites`, { exact: true })).toBeVisible()
  await expect(saved).not.toHaveAttribute('aria-current', 'page')

  // After a reload (the views are kept by core), from another view, by keyboard.
  await page.reload()
  await page.getByRole('link', { name: 'Events', exact: true }).click()
  await saved.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(countText(never, sites.length))).toBeVisible()
  await expect(saved).toHaveAttribute('aria-current', 'page')
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'saved-view-sidebar')

  // Renamed and deleted from its menu.
  await page.getByRole('button', { name: 'Actions for the view Never checked' }).click()
  await page.getByRole('menuitem', { name: 'Rename…' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename view' })
  await rename.getByRole('textbox', { name: 'Name' }).fill('Not checked yet')
  await rename.getByRole('button', { name: 'Rename' }).click()
  const renamed = page.getByRole('list', { name: 'Saved views' }).getByRole('link', { name: 'Not checked yet' })
  await expect(renamed).toBeVisible()
  await page.getByRole('button', { name: 'Actions for the view Not checked yet' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  await expect(page.getByRole('list', { name: 'Saved views' })).toBeHidden()
})

// Every view in a small window (900×700), light and dark: nothing may push the window wider
// than it is (the site table scrolls inside its own box), and the screenshots are kept as
// artifacts to look at.
import { expect, test } from '../support/fixtures'
import { addFirstAccount, apiSites, siteRows } from './accounts-sites-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 900, height: 700 } })

test('each view fits a 900×700 window', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer, 'Agency with a rather long name for a small window')
  await expect(siteRows(page).first()).toBeVisible()
  const [site] = await apiSites(referenceServer)
  const nav = page.getByRole('navigation', { name: 'Main' })

  // How far the page is wider than the window; 0 when everything fits.
  const fits = async () =>
    expect(await page.locator('html').evaluate((root) => root.scrollWidth - root.clientWidth)).toBeLessThanOrEqual(0)

  await fits()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'narrow-sites')

  await page.getByRole('searchbox', { name: 'Search sites' }).fill(site!.name)
  await page.getByRole('link', { name: site!.name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: site!.name })).toBeVisible()
  await fits()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'narrow-site-detail')

  await nav.getByRole('link', { name: 'Tags' }).click()
  await expect(page.getByRole('table', { name: 'Tags' }).getByRole('row').nth(1)).toBeVisible()
  await fits()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'narrow-tags')

  await nav.getByRole('link', { name: 'Events' }).click()
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible()
  await fits()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'narrow-events')

  await nav.getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'PHP versions' }).locator('canvas')).toHaveAttribute('data-settled', 'true')
  await fits()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'narrow-overview')

  await nav.getByRole('link', { name: 'Accounts' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible()
  await fits()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'narrow-accounts')

  // A long label is shortened in the switcher, with the whole label on hover.
  await expect(page.getByRole('button', { name: /, switch account$/ })).toHaveAttribute('title', /Agency with a rather long name for a small window/)
})

test('in a window narrower than the table, the box and Name stay put as the table scrolls sideways', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  const row = siteRows(page).first()
  await expect(row).toBeVisible()
  const table = page.getByRole('table', { name: 'Sites' })
  const scroller = table.locator('xpath=..')
  const room = await scroller.evaluate((box) => box.scrollWidth - box.clientWidth)
  expect(room, 'the table is wider than its box at 900 px').toBeGreaterThan(100)

  const lefts = () =>
    row.evaluate((tr) => {
      const left = (selector: string) => tr.querySelector(selector)!.getBoundingClientRect().left
      return { box: left('td.cell-select'), name: left('td.cell-name'), last: left('td.cell-corner') }
    })
  const before = await lefts()
  await scroller.evaluate((box) => box.scrollBy({ left: 100 }))
  await expect.poll(() => scroller.evaluate((box) => box.scrollLeft)).toBe(100)
  const after = await lefts()
  expect(after.box).toBeCloseTo(before.box, 0)
  expect(after.name).toBeCloseTo(before.name, 0)
  // The columns after Name went under it.
  expect(after.last).toBeCloseTo(before.last - 100, 0)
  // The header's box and Name stay over their columns.
  const headerName = table.getByRole('columnheader', { name: 'Name' })
  expect((await headerName.boundingBox())!.x).toBeCloseTo(after.name, 0)
})

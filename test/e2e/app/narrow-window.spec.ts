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

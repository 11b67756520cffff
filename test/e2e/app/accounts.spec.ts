// Accounts as a person uses them, through the web shell against the reference server: the
// welcome screen, adding a second account, switching (never one account's sites under the
// other's name), renaming, a refused token and its replacement, and removing.
import { expect, test } from '../support/fixtures'
import { addFirstAccount, apiSites, fillAccountForm, openSitesFromSidebar, siteRows } from './accounts-sites-helpers'
import { renewServerTokens } from './refused-token'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1280, height: 800 } })

test('welcome screen: a masked token, a refused token explained, then the first account', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await expect(page.getByRole('heading', { name: 'Welcome to Site Manager' })).toBeVisible()
  await expect(page.getByText(/Version \d+\.\d+\.\d+/)).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'welcome')

  const token = page.getByLabel('Token', { exact: true })
  await expect(token).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Show token' }).click()
  await expect(token).toHaveAttribute('type', 'text')

  await page.getByLabel('Label').fill('Agency')
  await page.getByLabel('API address').fill(referenceServer.baseUrl)
  await token.fill('not-the-right-token')
  await page.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByText('The server refused this token. Check it and try again.')).toBeVisible()
  await expect(page.getByLabel('Label')).toHaveValue('Agency')

  await token.fill(referenceServer.tokens[0]!)
  await page.getByRole('button', { name: 'Add account' }).click()
  // Into the app (its first view), with the new account active.
  await expect(page.getByRole('button', { name: /^Agency .*, switch account$/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Welcome to Site Manager' })).toBeHidden()
})

test('opens the demo workspace from the welcome screen', async ({ openApp }) => {
  const page = await openApp()
  await page.getByRole('button', { name: 'Open demo workspace' }).click()
  await expect(page.getByRole('button', { name: /, switch account$/ })).toBeVisible()
  await openSitesFromSidebar(page)
  await expect(page.getByRole('table', { name: 'Sites' }).locator('tbody tr.site-row').first()).toBeVisible()
})

test('switches between two accounts, renames one, and removes it after confirming', async ({ openApp, referenceServer }, testInfo) => {
  const [sitesA, sitesB] = await Promise.all([apiSites(referenceServer, 0), apiSites(referenceServer, 1)])
  const onlyA = sitesA.find((s) => !sitesB.some((b) => b.name === s.name))!
  const onlyB = sitesB.find((s) => !sitesA.some((a) => a.name === s.name))!

  const page = await openApp()
  await addFirstAccount(page, referenceServer, 'Agency')
  await expect(page.getByRole('link', { name: onlyA.name, exact: true })).toBeVisible()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click()
  await page.getByRole('button', { name: 'Add account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add account' })
  await fillAccountForm(page, referenceServer, 'Freelance', 1)
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: /^Freelance .*, switch account$/ })).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'accounts')

  // Through the switcher: each account shows its own sites only.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click()
  await expect(page.getByRole('link', { name: onlyB.name, exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: onlyA.name, exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: /^Freelance .*, switch account$/ }).click()
  await page.getByRole('menuitemradio', { name: 'Agency' }).click()
  await expect(page.getByRole('button', { name: /^Agency .*, switch account$/ })).toBeVisible()
  await expect(page.getByRole('link', { name: onlyA.name, exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: onlyB.name, exact: true })).toHaveCount(0)

  // Rename inline, then remove after confirming.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click()
  await page.getByRole('button', { name: 'Rename Freelance' }).click()
  await page.getByLabel('New label for Freelance').fill('Freelance EU')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Freelance EU' })).toBeVisible()

  await page.getByRole('button', { name: 'Remove Freelance EU' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remove “Freelance EU”?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { name: 'Freelance EU' })).toBeVisible()
  await page.getByRole('button', { name: 'Remove Freelance EU' }).click()
  await confirm.getByRole('button', { name: 'Remove account' }).click()
  await expect(page.getByRole('heading', { name: 'Freelance EU' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Agency', exact: true })).toBeVisible()
})

test('a token the server stops accepting shows a banner, and a new token brings the sites back', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer, 'Agency')
  await expect(siteRows(page).first()).toBeVisible()

  const replacement = await renewServerTokens(referenceServer)
  try {
    await page.keyboard.press('Control+r')
    const banner = page.getByRole('alert').filter({ hasText: 'The server refused the token of “Agency”' })
    await expect(banner).toBeVisible()
    await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'token-refused')

    await banner.getByRole('button', { name: 'Enter new token' }).click()
    const dialog = page.getByRole('dialog', { name: 'New token for Agency' })
    const token = dialog.getByLabel('Token', { exact: true })
    await expect(token).toHaveAttribute('type', 'password')
    await token.fill(replacement.tokens[0]!)
    await dialog.getByRole('button', { name: 'Save token' }).click()
    await expect(dialog).toBeHidden()
    await expect(banner).toBeHidden()
    await page.keyboard.press('Control+r')
    const [first] = (await apiSites(replacement, 0)).sort((a, b) => a.name.localeCompare(b.name))
    await expect(page.getByRole('link', { name: first!.name, exact: true })).toBeVisible()
  } finally {
    await replacement.close()
  }
})

// Guards and feedback as a person meets them, through the web shell against the reference
// server: the same account refused twice, the New site form's offers and questions (https://
// for a bare host, a site already at that address, a draft kept and discarded), a toast for
// every change with Undo where the API can take it back, a new site created "just now",
// a refused tag name that goes once the tag is deleted, and a never-checked site's wording.
import { expect, test } from '../support/fixtures'
import type { Page as ApiPage, Tag } from '../../../src/shared'
import { addFirstAccount, apiGet, apiSites, fillAccountForm, siteRows } from './accounts-sites-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1280, height: 800 } })

const toasts = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Notifications' })

test('refuses a second account with the same address and token, naming the first', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer, 'Agency')

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Accounts' }).click()
  await page.getByRole('button', { name: 'Add account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add account' })
  await fillAccountForm(page, referenceServer, 'Agency again', 0)
  await dialog.getByRole('button', { name: 'Add account' }).click()

  const token = dialog.getByLabel('Token', { exact: true })
  await expect(dialog.getByText('This address and token are already added as "Agency".')).toBeVisible()
  await expect(token).toHaveAttribute('aria-invalid', 'true')
  await expect(token).toBeFocused()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'duplicate-account')

  // Still one account; the same address with the server's other token is another account.
  await fillAccountForm(page, referenceServer, 'Freelance', 1)
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: /^Freelance .*, switch account$/ })).toBeVisible()
  await expect(toasts(page).getByRole('status').filter({ hasText: 'Account “Freelance” added.' })).toBeVisible()
})

test('New site: offers https:// for a bare host, asks about an address already there, toasts the create with Undo', async ({
  openApp,
  referenceServer,
}, testInfo) => {
  const sites = await apiSites(referenceServer)
  const existing = sites[0]!
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  await page.getByRole('button', { name: 'New site' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New site' })
  await dialog.getByLabel('Name', { exact: true }).fill('E2E Harbor')
  const address = dialog.getByLabel('Address', { exact: true })
  await address.fill('harbor-hardware')
  await address.press('Tab')
  await expect(dialog.getByText('Use https://harbor-hardware?')).toBeVisible()
  await expect(address).not.toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('The id of the site in your CMS, a whole number from 1; leave empty if you do not know it.')).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'new-site-suggestion')
  await dialog.getByRole('button', { name: 'Use this address' }).click()
  await expect(address).toHaveValue('https://harbor-hardware')

  // The address of a site the account has, written another way: asked first.
  const written = new URL(existing.url)
  await address.fill(`${written.protocol}//${written.host.toUpperCase()}${written.pathname.replace(/\/?$/, '/')}`)
  await dialog.getByRole('button', { name: 'Add site' }).click()
  await expect(dialog.getByText(`A site with this address already exists: ${existing.name}. Create another?`)).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Create anyway' })).toBeFocused()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'new-site-same-address')
  await dialog.getByRole('button', { name: 'Cancel' }).first().click()
  await expect(dialog.getByRole('button', { name: 'Create anyway' })).toBeHidden()
  expect((await apiSites(referenceServer)).some((s) => s.name === 'E2E Harbor')).toBe(false)

  await dialog.getByRole('button', { name: 'Add site' }).click()
  await dialog.getByRole('button', { name: 'Create anyway' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Harbor' })).toBeVisible()
  // Just made: "just now", never "in 1 minute".
  const details = page.getByRole('region', { name: 'Details' })
  await expect(details.getByText('Created', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('just now')
  expect((await apiSites(referenceServer)).filter((s) => s.name === 'E2E Harbor')).toHaveLength(1)

  const toast = toasts(page).getByRole('status').filter({ hasText: 'Site “E2E Harbor” created.' })
  await expect(toast).toBeVisible()
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'toast-site-created')
  await toast.getByRole('button', { name: 'Undo' }).click()
  await expect(toasts(page).getByRole('status').filter({ hasText: 'Site “E2E Harbor” removed again.' })).toBeVisible()
  await expect.poll(async () => (await apiSites(referenceServer)).some((s) => s.name === 'E2E Harbor')).toBe(false)
})

test('New site: a long name is refused on its field, a cancelled draft is restored and can be discarded', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  await page.getByRole('button', { name: 'New site' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'New site' })
  const name = dialog.getByLabel('Name', { exact: true })
  await name.fill('x'.repeat(300))
  await dialog.getByLabel('Address', { exact: true }).fill('https://long-name.example.com')
  await dialog.getByLabel('CMS id').fill('0')
  await dialog.getByRole('button', { name: 'Add site' }).click()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription('Name must be at most 255 characters (it has 300).')
  await expect(dialog.getByLabel('CMS id')).toHaveAccessibleDescription('CMS id must be a whole number from 1.')
  await expect(name).toBeFocused()

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'New site' }).first().click()
  await expect(dialog.getByText(/Draft restored/)).toBeVisible()
  await expect(name).toHaveValue('x'.repeat(300))
  await dialog.getByRole('button', { name: 'Discard draft' }).click()
  await expect(name).toHaveValue('')
  await expect(dialog.getByLabel('Address', { exact: true })).toHaveValue('')
  await expect(dialog.getByText(/Draft restored/)).toBeHidden()
  await expect(name).toBeFocused()
})

test('tags: a created tag can be undone, a stale "already taken" goes when that tag is deleted', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click()
  const table = page.getByRole('table', { name: 'Tags' })
  const input = page.getByRole('textbox', { name: 'New tag' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()

  await input.fill('E2E undo me')
  await input.press('Enter')
  const created = toasts(page).getByRole('status').filter({ hasText: 'Tag “E2E undo me” created.' })
  await expect(created).toBeVisible()
  await created.getByRole('button', { name: 'Undo' }).click()
  await expect(table.getByRole('link', { name: 'E2E undo me', exact: true })).toBeHidden()
  await expect(toasts(page).getByRole('status').filter({ hasText: 'Tag “E2E undo me” removed again.' })).toBeVisible()
  const tagsNow = async () => (await apiGet<ApiPage<Tag>>(referenceServer, '/tags?page=1')).data.map((t) => t.name)
  await expect.poll(tagsNow).not.toContain('E2E undo me')

  await input.fill('E2E keep')
  await input.press('Enter')
  await expect(table.getByRole('link', { name: 'E2E keep', exact: true })).toBeVisible()
  await input.fill('e2e KEEP')
  await input.press('Enter')
  await expect(page.getByText('The name has already been taken.')).toBeVisible()

  await page.getByRole('button', { name: 'Delete tag E2E keep' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete tag' }).click()
  await expect(toasts(page).getByRole('status').filter({ hasText: 'Tag “E2E keep” deleted.' })).toBeVisible()
  await expect(page.getByText('The name has already been taken.')).toBeHidden()
  await expect(input).not.toHaveAttribute('aria-invalid', 'true')
  await expect(input).toHaveValue('e2e KEEP')
})

test('a never-checked site says "Not checked yet", and deleting a site is reported', async ({ openApp, referenceServer }) => {
  const sites = await apiSites(referenceServer)
  const never = sites.find((s) => s.last_check_at === null)
  test.skip(!never, 'the seeded server has no never-checked site')
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  await page.getByRole('searchbox', { name: 'Search sites' }).fill(never!.name)
  await expect(siteRows(page).first()).toBeVisible()
  await page.getByRole('link', { name: never!.name, exact: true }).click()
  const details = page.getByRole('region', { name: 'Details' })
  await expect(details.getByText('Pending updates', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('Not checked yet')
  await expect(details.getByText('Last check', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('Not checked yet')

  await page.getByRole('button', { name: 'Delete site' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete site' }).click()
  await expect(toasts(page).getByRole('status').filter({ hasText: `Site “${never!.name}” deleted.` })).toBeVisible()
  await expect.poll(async () => (await apiSites(referenceServer)).some((s) => s.id === never!.id)).toBe(false)
})

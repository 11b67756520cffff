// Tags as a person uses them, through the web shell against the reference server: read the
// list with site counts, create (Enter), see a duplicate refused, delete after confirming,
// and open the sites of a tag.
import { expect, test } from '../support/fixtures'
import { addAccountFromWelcome, apiSites, apiTags } from './tags-events-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1280, height: 800 } })

test('lists the tags with how many sites carry each, and a tag opens its sites', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addAccountFromWelcome(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible()

  const [tags, sites] = await Promise.all([apiTags(referenceServer), apiSites(referenceServer)])
  expect(tags.length).toBeGreaterThan(0)
  const table = page.getByRole('table', { name: 'Tags' })
  await expect(table.getByRole('row')).toHaveCount(tags.length + 1)
  for (const tag of tags) {
    const count = sites.filter((site) => site.tags.some((t) => t.id === tag.id)).length
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: tag.name, exact: true }) })
    await expect(row.getByRole('cell').nth(1)).toHaveText(`${count} ${count === 1 ? 'site' : 'sites'}`)
  }
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'tags')

  const busiest = [...tags].sort(
    (a, b) =>
      sites.filter((s) => s.tags.some((t) => t.id === b.id)).length -
      sites.filter((s) => s.tags.some((t) => t.id === a.id)).length,
  )[0]!
  await table.getByRole('link', { name: busiest.name, exact: true }).click()
  // The tag's key: its account and its id (the same filter in any scope).
  await expect(page).toHaveURL(new RegExp(`#/sites\\?tag=[\\w-]+(:|%3A)${busiest.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
})

test('creates a tag with Enter, refuses a duplicate name, and deletes a tag after confirming', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addAccountFromWelcome(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click()
  const table = page.getByRole('table', { name: 'Tags' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()

  const input = page.getByRole('textbox', { name: 'New tag' })
  await input.fill('E2E launch')
  await input.press('Enter')
  await expect(table.getByRole('link', { name: 'E2E launch', exact: true })).toBeVisible()
  await expect(input).toHaveValue('')
  expect((await apiTags(referenceServer)).some((t) => t.name === 'E2E launch')).toBe(true)

  // The server compares names without regard to case: its 422 shows under the field.
  await input.fill('e2e LAUNCH')
  await input.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: 'already been taken' })).toBeVisible()
  await expect(input).toHaveValue('e2e LAUNCH')
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'tags-duplicate')

  // The tag is the server's, not the page's: it is still there after a reload.
  await page.reload()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click()
  await expect(table.getByRole('link', { name: 'E2E launch', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Delete tag E2E launch' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Delete tag “E2E launch”?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('No site carries it.')
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'tags-delete-dialog')

  // Cancel (Esc) keeps it; confirming deletes it on the server and only then in the list.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(table.getByRole('link', { name: 'E2E launch', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Delete tag E2E launch' }).click()
  await dialog.getByRole('button', { name: 'Delete tag' }).click()
  await expect(dialog).toBeHidden()
  await expect(table.getByRole('link', { name: 'E2E launch', exact: true })).toHaveCount(0)
  expect((await apiTags(referenceServer)).some((t) => t.name === 'E2E launch')).toBe(false)
})

test('explains a failed delete and keeps the tag', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addAccountFromWelcome(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click()
  const table = page.getByRole('table', { name: 'Tags' })
  const [first] = await apiTags(referenceServer)
  await expect(table.getByRole('link', { name: first!.name, exact: true })).toBeVisible()

  await page.getByRole('button', { name: `Delete tag ${first!.name}` }).click()
  const dialog = page.getByRole('alertdialog')
  referenceServer.setFaults({ htmlErrorPage: true })
  await dialog.getByRole('button', { name: 'Delete tag' }).click()
  await expect(dialog.getByRole('alert')).toBeVisible()
  await expect(dialog).toBeVisible()
  referenceServer.setFaults({ htmlErrorPage: false })

  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(table.getByRole('link', { name: first!.name, exact: true })).toBeVisible()
  expect((await apiTags(referenceServer)).some((t) => t.id === first!.id)).toBe(true)
})

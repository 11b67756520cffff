// A view whose code cannot be loaded on its first visit (the app was rebuilt under an open
// page, so the page asks for a file name that is gone): the click must still get the person
// there, by loading the page afresh at that address, instead of silently doing nothing.
import { expect, test } from '../support/fixtures'
import { addFirstAccount } from './accounts-sites-helpers'

test('opens a view whose code failed to load by loading the page afresh', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  // The Events view's file is gone until the page loads afresh (then the "new build" has it).
  let gone = true
  let refused = 0
  await page.route(/\/assets\/EventsView-[^/]*\.js$/, async (route) => {
    if (!gone) return route.continue()
    refused++
    await route.abort('failed')
  })
  page.once('load', () => (gone = false))

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
  await expect(page).toHaveURL(/#\/events$/)
  expect(refused).toBeGreaterThan(0)
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible()
})

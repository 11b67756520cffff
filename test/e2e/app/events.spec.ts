// Events as a person reads them, through the web shell against the reference server: the
// feed of all events page by page (button and scrolling), the filters by site and by type,
// a site's own feed on its page, and live events of the demo workspace.
import { expect, test } from '../support/fixtures'
import { addAccountFromWelcome, apiEventsPage, apiSites } from './tags-events-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1280, height: 800 } })

const LABELS: Record<string, string> = {
  updated_extension: 'Extension updated',
  new_extension: 'Extension installed',
  update_extension_available: 'Update available',
}

test('reads all events newest first, more on the button and on scrolling, and opens a site from the feed', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addAccountFromWelcome(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()

  const [first, sites] = await Promise.all([apiEventsPage(referenceServer, 1), apiSites(referenceServer)])
  expect(first.meta.last_page).toBeGreaterThan(3)
  const list = page.getByRole('list', { name: 'Events' })
  const items = list.getByRole('listitem')
  await expect(items).toHaveCount(15)
  for (const [index, event] of first.data.entries()) {
    const item = items.nth(index)
    await expect(item).toContainText(LABELS[event.type] ?? event.type)
    await expect(item).toContainText(event.message)
    const siteName = sites.find((s) => s.id === event.site_id)?.name ?? `Site #${event.site_id}`
    await expect(item.getByRole('link', { name: siteName })).toHaveAttribute('href', `#/sites/${event.site_id}`)
  }
  await expect(page.getByText(`Showing 15 of ${first.meta.total} events`)).toBeVisible()

  // Bringing the button into view also brings the end of the feed into view, so the
  // scroll-triggered load may add a page of its own around the click: count at least one more.
  await page.getByRole('button', { name: 'Load more events' }).click()
  await expect.poll(() => items.count()).toBeGreaterThanOrEqual(30)
  const second = await apiEventsPage(referenceServer, 2)
  await expect(items.nth(15)).toContainText(second.data[0]!.message)

  // Scrolling to the end brings the next page by itself.
  const beforeScroll = await items.count()
  await items.last().scrollIntoViewIfNeeded()
  await page.getByRole('button', { name: 'Load more events' }).scrollIntoViewIfNeeded()
  await expect.poll(() => items.count()).toBeGreaterThanOrEqual(beforeScroll + 15)
  const third = await apiEventsPage(referenceServer, 3)
  await expect(items.nth(30)).toContainText(third.data[0]!.message)
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'events')

  const target = first.data[0]!
  await items.first().scrollIntoViewIfNeeded()
  await items.first().getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`#/sites/${target.site_id}$`))
})

test('filters by site (that site\'s own feed) and by type', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addAccountFromWelcome(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
  const all = page.getByRole('list', { name: 'Events' })
  await expect(all.getByRole('listitem')).toHaveCount(15)

  const sites = await apiSites(referenceServer)
  const site = sites.find((s) => s.name.length > 0)!
  const siteFeed = await apiEventsPage(referenceServer, 1, site.id)
  await page.getByLabel('Site', { exact: true }).selectOption({ label: site.name })
  await expect(page).toHaveURL(new RegExp(`site=${site.id}`))
  const list = page.getByRole('list', { name: `Events of ${site.name}` })
  await expect(list.getByRole('listitem')).toHaveCount(siteFeed.data.length)
  for (const [index, event] of siteFeed.data.entries()) {
    await expect(list.getByRole('listitem').nth(index)).toContainText(event.message)
  }
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'events-by-site')

  await page.getByLabel('Site', { exact: true }).selectOption({ label: 'All sites' })
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Update available' })
  await expect(page).toHaveURL(/type=update_extension_available/)
  const filtered = page.getByRole('list', { name: 'Events' }).getByRole('listitem')
  await expect(filtered.first()).toBeVisible()
  for (const text of await filtered.allTextContents()) expect(text).toContain('Update available')

  // Without filters the feed shows every event loaded so far, newest first again.
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).not.toHaveURL(/type=|site=/)
  const first = await apiEventsPage(referenceServer, 1)
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toContainText(first.data[0]!.message)
})

test("a site's page shows that site's events, newest first", async ({ openApp, referenceServer, webShell }, testInfo) => {
  const page = await openApp()
  await addAccountFromWelcome(page, referenceServer)
  const sites = await apiSites(referenceServer)
  const site = sites[0]!
  const feed = await apiEventsPage(referenceServer, 1, site.id)
  await page.goto(`${webShell.origin}/#/sites/${site.id}`)
  const list = page.getByRole('list', { name: `Events of ${site.name}` })
  await expect(list.getByRole('listitem')).toHaveCount(feed.data.length)
  await expect(list.getByRole('listitem').first()).toContainText(feed.data[0]!.message)
  await list.scrollIntoViewIfNeeded()
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'site-events')
})

test.describe('live events', () => {
  // The demo's monitoring records a batch of events every 2 s here instead of every 25 s.
  test.use({ webShellLaunch: { demo: true, demoIntervalMs: 2000 } })

  test('new events of the demo workspace appear on top with a notice', async ({ openApp }, testInfo) => {
    const page = await openApp()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
    const items = page.getByRole('list', { name: 'Events' }).getByRole('listitem')
    await expect(items.first()).toBeVisible()

    const notice = page.getByRole('button', { name: /^\d+ new events?$/ })
    await expect(notice).toBeVisible({ timeout: 10_000 })
    const top = items.first()
    await expect(top).toContainText('New')
    await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'events-live')

    // Acknowledging the notice takes the mark off the events it announced. (More keep coming
    // every 2 s, so the check is on one announced event, not on the notice staying away.)
    const announced = (await top.getByRole('paragraph').first().textContent())!.trim()
    await notice.click()
    await expect(items.filter({ hasText: announced }).first()).not.toContainText('New')
  })
})

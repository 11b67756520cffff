// Events as a person reads them, through the web shell against the reference server: the
// feed of every synced event from the local store slice by slice (button and scrolling), the
// filters by site, type, words and days over every stored event, a site's own feed on its
// page, and live events of the demo workspace.
import { expect, test } from '../support/fixtures'
import type { SiteEvent } from '../../../src/shared'
import { addAccountFromWelcome, apiAll, apiSites } from './tags-events-helpers'
import { screenshotBothThemes } from '../support/themes'

test.use({ viewport: { width: 1280, height: 800 } })

const LABELS: Record<string, string> = {
  updated_extension: 'Extension updated',
  new_extension: 'Extension installed',
  update_extension_available: 'Update available',
}

/** Events per slice of the feed (the store's keyset pages). */
const SLICE = 50

/** Waits until the store holds every event the server lists (the first sync's background fill included). */
async function allEventsStored(page: import('@playwright/test').Page, total: number): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /^[\d,]+ events$/ })).toHaveText(`${total.toLocaleString('en-US')} events`, { timeout: 20_000 })
}

test('reads all events newest first from the store, more on the button and on scrolling, and opens a site from the feed', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addAccountFromWelcome(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()

  const [events, sites] = await Promise.all([apiAll<SiteEvent>(referenceServer, '/logs'), apiSites(referenceServer)])
  expect(events.length).toBeGreaterThan(3 * SLICE)
  await allEventsStored(page, events.length)
  const list = page.getByRole('list', { name: 'Events' })
  const items = list.getByRole('listitem')
  await expect(items).toHaveCount(SLICE)
  for (const [index, event] of events.slice(0, 15).entries()) {
    const item = items.nth(index)
    await expect(item).toContainText(LABELS[event.type] ?? event.type)
    await expect(item).toContainText(event.message)
    const siteName = sites.find((s) => s.id === event.site_id)?.name ?? `Site #${event.site_id}`
    await expect(item.getByRole('link', { name: siteName })).toHaveAttribute('href', `#/sites/${event.site_id}`)
  }

  // Bringing the button into view also brings the end of the feed into view, so the
  // scroll-triggered load may add a slice of its own around the click: count at least one more.
  await page.getByRole('button', { name: 'Load more events' }).click()
  await expect.poll(() => items.count()).toBeGreaterThanOrEqual(2 * SLICE)
  await expect(items.nth(SLICE)).toContainText(events[SLICE]!.message)

  // Scrolling to the end brings the next slice by itself (and, on a slow machine, maybe every
  // slice left, so the Load more button may be gone by now: the end of the list is scrolled to,
  // not the button).
  const beforeScroll = await items.count()
  await items.last().scrollIntoViewIfNeeded()
  // The wheel over the list scrolls its scroller to the end, where the next slice is asked for.
  await items.last().hover()
  await page.mouse.wheel(0, 20_000)
  await expect.poll(() => items.count()).toBeGreaterThanOrEqual(Math.min(beforeScroll + SLICE, events.length))
  await expect(items.nth(2 * SLICE)).toContainText(events[2 * SLICE]!.message)
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'events')

  const target = events[0]!
  await items.first().scrollIntoViewIfNeeded()
  await items.first().getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`#/sites/${target.site_id}$`))
})

test('filters by site, by type, by words in messages and site names, and by date, over every stored event', async ({ openApp, referenceServer }, testInfo) => {
  const page = await openApp()
  await addAccountFromWelcome(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
  const [events, sites] = await Promise.all([apiAll<SiteEvent>(referenceServer, '/logs'), apiSites(referenceServer)])
  await allEventsStored(page, events.length)
  const all = page.getByRole('list', { name: 'Events' })
  await expect(all.getByRole('listitem')).toHaveCount(SLICE)

  // One site: every one of its events, not only those on the pages loaded so far.
  const site = sites.find((s) => events.filter((e) => e.site_id === s.id).length > 1)!
  const siteEvents = events.filter((e) => e.site_id === site.id)
  // The Site combobox asks core for the sites matching what is typed; its option is chosen.
  const siteBox = page.getByLabel('Site', { exact: true })
  const siteList = page.getByRole('listbox', { name: 'Sites' })
  await siteBox.fill(site.name)
  await expect(siteList.getByRole('option', { name: site.name, exact: true })).toBeVisible()
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'events-site-search')
  await siteList.getByRole('option', { name: site.name, exact: true }).click()
  await expect(siteList).toBeHidden()
  await expect(siteBox).toHaveValue(site.name)
  await expect(siteBox).toBeFocused()
  // The address names the site by its key, accountId:siteId.
  await expect(page).toHaveURL(new RegExp(`site=[^&]+(:|%3A)${site.id}(&|$)`))
  const list = page.getByRole('list', { name: `Events of ${site.name}` })
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(siteEvents.length, SLICE))
  for (const [index, event] of siteEvents.slice(0, SLICE).entries()) {
    await expect(list.getByRole('listitem').nth(index)).toContainText(event.message)
  }
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'events-by-site')

  await page.getByRole('button', { name: 'Show sites' }).click()
  await siteList.getByRole('option', { name: 'All sites', exact: true }).click()
  await expect(siteBox).toHaveValue('')
  // At 320 px the open list fits the window, and nothing scrolls sideways; Escape closes it, focus kept.
  await page.setViewportSize({ width: 320, height: 640 })
  await page.getByRole('button', { name: 'Show sites' }).click()
  await expect(siteList.getByRole('option').nth(1)).toBeVisible()
  const box = (await siteList.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(320)
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(320)
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'events-site-list-320')
  await page.keyboard.press('Escape')
  await expect(siteList).toBeHidden()
  await expect(siteBox).toBeFocused()
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Update available' })
  await expect(page).toHaveURL(/type=update_extension_available/)
  const available = events.filter((e) => e.type === 'update_extension_available')
  await expect(page.getByRole('status').filter({ hasText: /matching events?$/ })).toHaveText(`${available.length} matching events`)
  const filtered = page.getByRole('list', { name: 'Events' }).getByRole('listitem')
  await expect(filtered.first()).toBeVisible()
  for (const text of await filtered.allTextContents()) expect(text).toContain('Update available')
  await page.getByRole('button', { name: 'Clear filters' }).click()

  // Full-text search: every word must begin a word of the message or of the site's name.
  const word = firstWord(events[3]!.message)
  const siteName = new Map(sites.map((s) => [s.id, s.name]))
  const matching = events.filter((e) => matches(`${e.message} ${siteName.get(e.site_id) ?? ''}`, word))
  await page.getByRole('searchbox', { name: 'Search events' }).fill(word)
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`))
  await expect(page.getByRole('status').filter({ hasText: /matching events?$/ })).toHaveText(
    `${matching.length.toLocaleString('en-US')} matching ${matching.length === 1 ? 'event' : 'events'}`,
  )
  await expect(filtered.first()).toContainText(matching[0]!.message)
  await page.getByRole('searchbox', { name: 'Search events' }).fill('zzzz-no-such-word')
  await expect(page.getByText('No events match')).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()

  // A day range: the days of the newest event.
  const newest = new Date(events[0]!.created_at)
  const day = `${newest.getFullYear()}-${String(newest.getMonth() + 1).padStart(2, '0')}-${String(newest.getDate()).padStart(2, '0')}`
  const onThatDay = events.filter((e) => sameLocalDay(new Date(e.created_at), newest))
  await page.getByLabel('From', { exact: true }).fill(day)
  await page.getByLabel('To', { exact: true }).fill(day)
  await expect(page.getByRole('status').filter({ hasText: /matching events?$/ })).toHaveText(
    `${onThatDay.length.toLocaleString('en-US')} matching ${onThatDay.length === 1 ? 'event' : 'events'}`,
  )

  // Without filters the feed shows every event again, newest first.
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).not.toHaveURL(/type=|site=|q=|from=|to=/)
  await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toContainText(events[0]!.message)
})

test("a site's page shows that site's events, newest first", async ({ openApp, referenceServer, webShell }, testInfo) => {
  const page = await openApp()
  await addAccountFromWelcome(page, referenceServer)
  const sites = await apiSites(referenceServer)
  const site = sites[0]!
  const feed = await apiAll<SiteEvent>(referenceServer, `/sites/${site.id}/logs`)
  await page.goto(`${webShell.origin}/#/sites/${site.id}`)
  const list = page.getByRole('list', { name: `Events of ${site.name}` })
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(feed.length, SLICE))
  await expect(list.getByRole('listitem').first()).toContainText(feed[0]!.message)
  await list.scrollIntoViewIfNeeded()
  await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'site-events')
})

/** The words of a text as SQLite's FTS5 (unicode61) splits them, lower-cased. */
function words(text: string): string[] {
  return text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

function firstWord(text: string): string {
  return words(text).find((w) => w.length >= 4 && /^\p{L}+$/u.test(w)) ?? words(text)[0]!
}

function matches(text: string, query: string): boolean {
  const tokens = words(text)
  return words(query).every((q) => tokens.some((t) => t.startsWith(q)))
}

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
}

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

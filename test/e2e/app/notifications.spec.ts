// Notifications in the web shell: after each sync (never an account's first) one browser
// notification says what needs attention; clicking it opens the matching filtered view; the
// tab title carries the pending total. window.Notification is the browser's API: the page gets
// a stand-in that records what is made and has permission granted (or not yet asked).
import type { Page } from '@playwright/test'
import type { Site, SiteEvent } from '../../../src/shared'
import { expect, test } from '../support/fixtures'
import { addFirstAccount, apiSites, siteRows } from './accounts-sites-helpers'

interface Recorded {
  title: string
  body: string
  tag: string
}

/** Replaces the browser's Notification before the app loads: each one made is kept on window. */
async function stubNotifications(page: Page, permission: 'granted' | 'default'): Promise<void> {
  await page.addInitScript((initial) => {
    const made: Array<{ title: string; body: string; tag: string; onclick: (() => void) | null }> = []
    class RecordingNotification {
      static permission: string = initial
      static async requestPermission(): Promise<string> {
        RecordingNotification.permission = 'granted'
        return 'granted'
      }
      title: string
      body: string
      tag: string
      onclick: (() => void) | null = null
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        this.title = title
        this.body = options.body ?? ''
        this.tag = options.tag ?? ''
        made.push(this)
      }
      close(): void {}
    }
    Object.assign(globalThis, { Notification: RecordingNotification, __notifications: made })
  }, permission)
}

function recorded(page: Page): Promise<Recorded[]> {
  return page.evaluate(() =>
    (globalThis as unknown as { __notifications: Recorded[] }).__notifications.map(({ title, body, tag }) => ({ title, body, tag })),
  )
}

const pendingOf = (sites: readonly Site[]): number => sites.reduce((sum, site) => sum + (site.updates_count ?? 0), 0)
const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`

test.use({ referenceServerOptions: { port: 0, seed: 'demo', sites: 60 } })

test('a first sync raises none; a sync with new update events raises exactly one, and its click opens the filtered view', async ({
  page,
  openApp,
  referenceServer,
}) => {
  await stubNotifications(page, 'granted')
  await openApp()
  await addFirstAccount(page, referenceServer)

  // The first sync: the tab title has the account's pending total, and no notification came.
  const before = await apiSites(referenceServer)
  await expect(page).toHaveTitle(`(${pendingOf(before)}) Site Manager`)
  expect(await recorded(page)).toEqual([])

  // The server's monitoring finds new extension updates (as many passes as it takes).
  const token = referenceServer.tokens[0]!
  const updateEvents: SiteEvent[] = []
  for (let pass = 0; pass < 10 && updateEvents.length === 0; pass++) {
    const recordedEvents = referenceServer.runMonitoringPass().find((result) => result.token === token)?.events ?? []
    updateEvents.push(...recordedEvents.filter((event) => event.type === 'update_extension_available'))
  }
  expect(updateEvents.length).toBeGreaterThan(0)
  const after = await apiSites(referenceServer)
  const old = new Map(before.map((site) => [site.id, site.updates_count ?? 0]))
  const rose = after.filter((site) => (site.updates_count ?? 0) > (old.get(site.id) ?? 0)).map((site) => site.id)
  // A monitoring pass checks every site, so none is left unchecked for over 24 hours.
  const attentionSites = new Set([...updateEvents.map((event) => event.site_id), ...rose])

  await page.getByRole('button', { name: 'Refresh sites' }).click()
  await expect.poll(async () => (await recorded(page)).length).toBe(1)
  await expect(page).toHaveTitle(`(${pendingOf(after)}) Site Manager`)
  const lines = [`${plural(updateEvents.length, 'new extension update', 'new extension updates')} available`]
  if (rose.length > 0) lines.push(`${plural(rose.length, 'site has', 'sites have')} more pending updates`)
  const [notification] = await recorded(page)
  expect(notification!.title).toBe(`Agency: ${plural(attentionSites.size, 'site needs', 'sites need')} attention`)
  expect(notification!.body).toBe(lines.join('\n'))

  // A sync that finds nothing new says nothing: still exactly one.
  const requests = referenceServer.requestLog().length
  await page.getByRole('button', { name: 'Refresh sites' }).click()
  await expect.poll(() => referenceServer.requestLog().slice(requests).some((line) => line.startsWith('GET /api/v1/sites?page=1'))).toBe(true)
  await expect(page.getByRole('button', { name: 'Refresh sites' })).toBeEnabled()
  expect(await recorded(page)).toHaveLength(1)

  // Clicking it, from another view, opens the sites with updates (or the update events).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await page.evaluate(() => (globalThis as unknown as { __notifications: Array<{ onclick: () => void }> }).__notifications[0]!.onclick())
  if (rose.length > 0) {
    await expect(page).toHaveURL(/#\/sites\?updates=1$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
    await expect(siteRows(page)).toHaveCount(after.filter((site) => (site.updates_count ?? 0) > 0).length)
  } else {
    await expect(page).toHaveURL(/#\/events\?type=update_extension_available$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
  }
})

test('Settings: allow notifications in this browser, and choose what a sync notifies of', async ({ page, openApp, referenceServer }) => {
  await stubNotifications(page, 'default')
  await openApp()
  await addFirstAccount(page, referenceServer)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()

  const section = page.getByRole('region', { name: 'Sync notifications' })
  await expect(section.getByText('Not asked yet')).toBeVisible()
  await section.getByRole('button', { name: 'Allow notifications in this browser' }).click()
  await expect(section.getByText('Allowed: this browser shows the notifications.')).toBeVisible()
  await expect(section.getByRole('button', { name: 'Allow notifications in this browser' })).toBeHidden()

  // How the card looks in both themes (saved to look at; the themes are the Settings radios).
  for (const theme of ['Light', 'Dark'] as const) {
    await page.getByRole('radio', { name: theme }).check()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme.toLowerCase())
    await section.screenshot({ path: `test-results/screenshots/settings-notifications-${theme.toLowerCase()}.png` })
  }

  const pendingRose = section.getByRole('checkbox', { name: 'More pending updates' })
  await expect(pendingRose).toBeChecked()
  await pendingRose.uncheck()
  // Saved in core: a reload reads it back.
  await page.reload()
  await expect(page.getByRole('region', { name: 'Sync notifications' }).getByRole('checkbox', { name: 'More pending updates' })).not.toBeChecked()
  await expect(page.getByRole('region', { name: 'Sync notifications' }).getByRole('checkbox', { name: 'New extension updates' })).toBeChecked()
})

// The kept screen in Chromium through the real web shell: a window reopened on its last view
// paints that view's rows before any of the app's scripts has run (the app's bundle is held
// back here to prove it), as a picture: inert and hidden from assistive technology. Once the
// app runs it replaces the picture and the window works as ever. An address naming another
// view never shows the picture of the last one.
import type { Page, Route } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { openSitesFromSidebar, siteRows } from './accounts-sites-helpers'

test.use({ webShellLaunch: { demo: true } })

/** Holds the app's bundle until release() is called: the page has only what the shell wrote into it. */
async function holdAppBundle(page: Page): Promise<{ release(): void }> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/start-*.js', async (route: Route) => {
    await released
    await route.continue()
  })
  return { release }
}

test('a reopened window paints its last view before the app runs, then the app takes over', async ({ openApp, webShell, browser }) => {
  const first = await openApp()
  await openSitesFromSidebar(first)
  await expect(siteRows(first).first()).toBeVisible()
  await first.getByRole('searchbox', { name: 'Search sites' }).fill('a')
  await expect(siteRows(first).first()).toBeVisible()
  const shown = await siteRows(first).first().locator('.cell-name').innerText()
  // The screen is sent once it has settled: the next page served carries it.
  await expect.poll(async () => (await first.request.get(`${webShell.origin}/`)).text(), { timeout: 15_000 }).toContain('data-kept-route="/sites"')

  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    const bundle = await holdAppBundle(page)
    await page.goto(`${webShell.url}#/sites`, { waitUntil: 'commit' })
    // The rows are on screen with no app script run: a picture, inert and hidden from assistive technology.
    const app = page.locator('#app')
    await expect(app.locator('tr.site-row .cell-name').first()).toHaveText(shown)
    await expect(app.locator('tr.site-row').first()).toBeVisible()
    await expect(app).toHaveAttribute('inert', '')
    await expect(app).toHaveAttribute('aria-hidden', 'true')
    await expect(page.getByRole('table', { name: 'Sites' })).toHaveCount(0)
    // The search box shows what was typed, and cannot take focus or keys yet.
    await expect(app.locator('input[type="search"]')).toHaveValue('a')

    bundle.release()
    await expect(app).not.toHaveAttribute('inert')
    await expect(app).not.toHaveAttribute('aria-hidden')
    await expect(siteRows(page).first()).toBeVisible()
    const search = page.getByRole('searchbox', { name: 'Search sites' })
    await search.fill(shown)
    await expect(siteRows(page).first().locator('.cell-name')).toHaveText(shown)
    await expect(search).toBeFocused()
  } finally {
    await context.close()
  }
})

test('an address naming another view never shows the last view’s picture', async ({ openApp, webShell, browser }) => {
  const first = await openApp()
  await openSitesFromSidebar(first)
  await expect(siteRows(first).first()).toBeVisible()
  await expect.poll(async () => (await first.request.get(`${webShell.origin}/`)).text(), { timeout: 15_000 }).toContain('data-kept-route="/sites"')

  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    const bundle = await holdAppBundle(page)
    await page.goto(`${webShell.url}#/events`, { waitUntil: 'commit' })
    // The bridge runs before the held bundle: it has emptied the root by the time the page is parsed.
    await expect(page.locator('#app')).not.toHaveAttribute('data-kept-route')
    await expect(page.locator('#app tr.site-row')).toHaveCount(0)
    bundle.release()
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
  } finally {
    await context.close()
  }
})

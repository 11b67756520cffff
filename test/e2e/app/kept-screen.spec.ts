// The kept screen in Chromium through the real web shell: a window reopened on its last view
// paints that view's rows before any of the app's scripts has run (the app's bundle is held
// back here to prove it), as a picture: inert and hidden from assistive technology. Once the
// app shows its own rows the picture goes, with no frame between without rows, and the window
// works as ever. The shell's launch address (naming no view) opens on the last view; an address
// naming another view never shows the picture of the last one.
import type { Browser, Locator, Page, Route } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { openSitesFromSidebar, siteRows } from './accounts-sites-helpers'

test.use({ webShellLaunch: { demo: true } })

/** Holds the files matching `pattern` until release() is called. */
async function hold(page: Page, pattern: string): Promise<{ release(): void }> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(pattern, async (route: Route) => {
    await released
    await route.continue()
  })
  return { release }
}

/** Holds the app's bundle until release() is called: the page has only what the shell wrote into it. */
const holdAppBundle = (page: Page) => hold(page, '**/assets/start-*.js')

/** Notes, from the page's first script on, whether site rows ever left the page after the first ones came (run in the page). */
function watchForRowlessFrames(): void {
  const w = globalThis as unknown as {
    __rowless: number
    __sawRows: boolean
    document: { querySelectorAll(selector: string): { length: number } }
    MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void }
  }
  w.__rowless = 0
  w.__sawRows = false
  new w.MutationObserver(() => {
    const rows = w.document.querySelectorAll('tr.site-row').length
    if (rows > 0) w.__sawRows = true
    else if (w.__sawRows) w.__rowless++
  }).observe(w.document, { childList: true, subtree: true })
}

/** Runs `use` in a page of a new browser context (a reopened window), closing the context after. */
async function inReopenedWindow(browser: Browser, use: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext()
  try {
    await use(await context.newPage())
  } finally {
    await context.close()
  }
}

/** Opens the Sites view, searches for "a" and waits until the shell keeps that screen. */
async function leaveOnSites(first: Page, origin: string): Promise<{ shown: string; layout: PictureLayout }> {
  await openSitesFromSidebar(first)
  await expect(siteRows(first).first()).toBeVisible()
  await first.getByRole('searchbox', { name: 'Search sites' }).fill('a')
  await expect(siteRows(first).first()).toBeVisible()
  const shown = await siteRows(first).first().locator('.cell-name').innerText()
  const layout = await layoutOf(first.locator('#app'))
  // The screen is sent once it has settled (with the search in it): the next page served carries it.
  await expect.poll(async () => (await first.request.get(`${origin}/`)).text(), { timeout: 15_000 }).toMatch(/data-kept-route="\/sites"[^]*<input[^>]*type="search"[^>]*value="a"/)
  return { shown, layout }
}

/** Where the first row, its health badge and the search box are: the picture, styled as the app was, puts them in the same places. */
interface PictureLayout {
  row: { y: number; height: number } | null
  badge: { x: number; width: number } | null
  search: { x: number; y: number; width: number; height: number } | null
}

async function layoutOf(root: Locator): Promise<PictureLayout> {
  const row = await root.locator('tr.site-row').first().boundingBox()
  const badge = await root.locator('tr.site-row .badge').first().boundingBox()
  const search = await root.locator('input[type="search"]').boundingBox()
  return { row: row && { y: row.y, height: row.height }, badge: badge && { x: badge.x, width: badge.width }, search }
}

test('a reopened window paints its last view before the app runs, then the app takes over without a blank frame', async ({ openApp, webShell, browser }) => {
  const first = await openApp()
  const { shown, layout } = await leaveOnSites(first, webShell.origin)

  await inReopenedWindow(browser, async (page) => {
    await page.addInitScript(watchForRowlessFrames)
    const bundle = await holdAppBundle(page)
    await page.goto(`${webShell.url}#/sites`, { waitUntil: 'commit' })
    // The rows are on screen with no app script run: a picture, inert and hidden from assistive technology.
    const picture = page.locator('#kept-screen')
    await expect(picture.locator('tr.site-row .cell-name').first()).toHaveText(shown)
    await expect(picture.locator('tr.site-row').first()).toBeVisible()
    await expect(picture).toHaveAttribute('inert', '')
    // The row actions appear only on a row's hover or focus: the picture leaves them out.
    await expect(picture.locator('.row-actions')).toHaveCount(0)
    await expect(picture.locator('.address-link').first()).toBeVisible()
    await expect(picture).toHaveAttribute('aria-hidden', 'true')
    await expect(page.getByRole('table', { name: 'Sites' })).toHaveCount(0)
    // The search box shows what was typed, and cannot take focus or keys yet.
    await expect(picture.locator('input[type="search"]')).toHaveValue('a')
    // Every stylesheet it styles with is linked: its row, badge and search box sit where the app's did.
    expect(await layoutOf(picture)).toEqual(layout)

    bundle.release()
    await expect(picture).toHaveCount(0)
    await expect(siteRows(page).first()).toBeVisible()
    // The app's frame and its view's first state came and went under the picture: never a frame without rows.
    expect(await page.evaluate(() => (globalThis as unknown as { __rowless: number }).__rowless)).toBe(0)
    const search = page.getByRole('searchbox', { name: 'Search sites' })
    await expect(search).toHaveValue('a')
    await search.fill(shown)
    await expect(siteRows(page).first().locator('.cell-name')).toHaveText(shown)
  })
})

test('the picture paints with no stylesheet arrived, and the app mounts only once they have, styled as before', async ({ openApp, webShell, browser }) => {
  const first = await openApp()
  const { shown, layout } = await leaveOnSites(first, webShell.origin)

  await inReopenedWindow(browser, async (page) => {
    const stylesheets = await hold(page, '**/assets/*.css')
    const bundle = await holdAppBundle(page)
    await page.goto(`${webShell.url}#/sites`, { waitUntil: 'commit' })
    // No stylesheet has arrived: the rules the shell wrote into the page lay the picture out as the app was.
    const picture = page.locator('#kept-screen')
    await expect(picture.locator('tr.site-row .cell-name').first()).toHaveText(shown)
    expect(await layoutOf(picture)).toEqual(layout)
    await expect(page.locator('#kept-screen-styles')).toHaveCount(1)
    // The bridge has run (it runs before the held bundle): the stylesheets are the app's again, for every medium.
    await expect(page.locator('link[rel="stylesheet"][media]')).toHaveCount(0)

    // The app's bundle runs, but the app does not mount while its stylesheets are still on their way.
    // The app's first script sets the root's colour scheme (its theme is the system's here, which
    // the shell's page leaves unset), in the same task as it would mount.
    bundle.release()
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { documentElement: { style: { colorScheme: string } } } }).document.documentElement.style.colorScheme)).not.toBe('')
    await expect(page.locator('#app')).toBeEmpty()
    await expect(picture.locator('tr.site-row').first()).toBeVisible()

    stylesheets.release()
    await expect(picture).toHaveCount(0)
    await expect(page.locator('#kept-screen-styles')).toHaveCount(0)
    await expect(siteRows(page).first().locator('.cell-name')).toHaveText(shown)
    // Mounted with its stylesheets in: its columns and rows where they were.
    expect(await layoutOf(page.locator('#app'))).toEqual(layout)
  })
})

test('the launch address, naming no view, opens on the last view with its picture', async ({ openApp, webShell, browser }) => {
  const first = await openApp()
  await leaveOnSites(first, webShell.origin)

  await inReopenedWindow(browser, async (page) => {
    const bundle = await holdAppBundle(page)
    await page.goto(webShell.url, { waitUntil: 'commit' })
    await expect(page.locator('#kept-screen tr.site-row').first()).toBeVisible()
    await expect.poll(() => new URL(page.url()).hash).toBe('#/sites')
    bundle.release()
    await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
    await expect(page.locator('#kept-screen')).toHaveCount(0)
    await expect(siteRows(page).first()).toBeVisible()
  })
})

test('an address naming another view never shows the last view’s picture', async ({ openApp, webShell, browser }) => {
  const first = await openApp()
  await leaveOnSites(first, webShell.origin)

  await inReopenedWindow(browser, async (page) => {
    const bundle = await holdAppBundle(page)
    await page.goto(`${webShell.url}#/events`, { waitUntil: 'commit' })
    // The bridge runs before the held bundle: the picture is gone by the time the page is parsed.
    await expect(page.locator('#kept-screen')).toHaveCount(0)
    await expect(page.locator('tr.site-row')).toHaveCount(0)
    bundle.release()
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible()
  })
})

// Screenshots of the layouts WCAG 1.4.10 asks about, to look at: Sites with a selection, a
// site's page and Events, at 320 CSS px wide and at 200 % zoom (a 1280x800 window at 200 % is
// 640x400 CSS px), in the light and the dark theme. Kept as test artifacts; with
// REFLOW_SCREENSHOTS=<prefix> (before, after) they go to docs/screenshots/reflow/ for the
// issue's note instead. What must hold at these sizes is checked by reflow.spec.ts.
import path from 'node:path'
import { expect, test } from '../support/fixtures'
import type { Page } from '@playwright/test'
import { screenshotBothThemes } from '../support/themes'
import { APP_ROOT } from '../support/web-shell'

const SIZES = [
  { name: '320px', viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: 'zoom200', viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
] as const

const prefix = process.env.REFLOW_SCREENSHOTS
const docsFolder = path.join(APP_ROOT, 'docs', 'screenshots', 'reflow')

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })
const siteRows = (page: Page) => page.getByRole('table', { name: 'Sites' }).locator('tbody tr.site-row')

/** Goes to a view by its address, as a link would; the sidebar may be folded away at these sizes. */
async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((to) => ((globalThis as unknown as { location: { hash: string } }).location.hash = to), hash)
}

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor, webShellLaunch: { demo: true } })

    test('Sites with a selection, a site page and Events', async ({ openApp, page }, testInfo) => {
      // Viewport only, in CSS pixels: small files that show the layout as laid out.
      const shot = async (name: string) => {
        const where = (file: string) => (prefix ? path.join(docsFolder, `${prefix}-${file}`) : testInfo.outputPath(file))
        await screenshotBothThemes(page, where, `${name}-${size.name}`)
      }
      await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
      await openApp()
      await expect(h1(page, 'Overview')).toBeAttached()

      await go(page, '#/sites')
      await expect(h1(page, 'Sites')).toBeAttached()
      await expect(siteRows(page).nth(1)).toBeAttached()
      const href = await siteRows(page).first().getByRole('link').first().getAttribute('href')
      const name = (await siteRows(page).first().getByRole('link').first().textContent())!.trim()
      // Clicked by script: in a layout that does not reflow, something may lie over the box.
      for (const n of [0, 1]) {
        const box = siteRows(page).nth(n).getByRole('checkbox')
        await box.evaluate((element) => (element as unknown as { click(): void }).click())
        await expect(box).toBeChecked()
      }
      await expect(page.getByRole('toolbar', { name: 'Selection' })).toBeAttached()
      await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0))
      await shot('sites-selection')

      await go(page, href!)
      await expect(h1(page, name)).toBeAttached()
      await shot('site-page')

      await go(page, '#/events')
      await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeAttached()
      await shot('events')
    })
  })
}

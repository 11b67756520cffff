// What the accessibility specs share: opening the demo and a view, the site rows, and the
// checks of where the focus is and how the headings read.
import type { Locator, Page } from '@playwright/test'
import { expect } from '../support/fixtures'

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
export const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })

export async function openView(page: Page, link: string, heading = link): Promise<void> {
  await nav(page).getByRole('link', { name: link, exact: true }).click()
  await expect(h1(page, heading)).toBeVisible()
}

export async function openDemo(page: Page, openApp: () => Promise<Page>): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await openApp()
  await expect(h1(page, 'Overview')).toBeVisible()
}

export const siteRows = (page: Page) => page.getByRole('table', { name: 'Sites' }).locator('tbody tr.site-row')

export async function expectFocused(locator: Locator, step: string): Promise<void> {
  await expect(locator, `the focus after: ${step}`).toBeFocused()
}

/**
 * The view's headings as a screen reader lists them: one h1, and no level skipped on the way
 * down (an h3 straight after the h1 reads as a missing section).
 */
export async function expectHeadingOutline(page: Page, state: string): Promise<void> {
  const levels = await page
    .locator('main h1, main h2, main h3, main h4, main h5, main h6')
    .evaluateAll((headings) => headings.filter((h) => (h as unknown as { checkVisibility(): boolean }).checkVisibility()).map((h) => Number(h.tagName.slice(1))))
  expect(levels.filter((level) => level === 1), `one h1 on ${state}`).toHaveLength(1)
  const skips = levels.flatMap((level, i) => (i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} then h${level}`] : []))
  expect(skips, `heading levels skipped on ${state}`).toEqual([])
}

/** True when the focus is on the element or inside it. */
export function holdsFocus(locator: Locator): Promise<boolean> {
  // The node code's TypeScript settings have no DOM library: the one property this needs.
  return locator.evaluate((element) => element.contains((element.ownerDocument as unknown as { activeElement: typeof element | null }).activeElement))
}

/** Closes what is open with Escape and waits until it is gone. */
export async function escape(page: Page, open: Locator): Promise<void> {
  await page.keyboard.press('Escape')
  await expect(open).toBeHidden()
}

// Accessibility with the keyboard alone and under the system's settings, through the web
// shell: journeys made with the keyboard, checking where the focus is after each step, and
// forced colours and reduced motion. The axe-core scans are accessibility-axe.spec.ts.
import { expect, test } from '../support/fixtures'
import type { Locator, Page } from '@playwright/test'
import { expectFocused, h1, holdsFocus, nav, openDemo, openView, siteRows } from './accessibility-helpers'

test.use({ viewport: { width: 1360, height: 900 } })
// The budget these tests had beside the axe scans, kept: a journey waits on the demo's first sync.
test.describe.configure({ timeout: 180_000 })

test.describe('system settings', () => {
  test.use({ webShellLaunch: { demo: true } })

  test('forced colours keep the focus ring and the selected row; reduced motion stops transitions', async ({ openApp, page }) => {
    await openDemo(page, openApp)
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' })
    await openView(page, 'Sites')
    await expect(siteRows(page).nth(1)).toBeVisible()

    // The system colours of this mode, read from a probe painted with them.
    const system = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { createElement(t: string): { style: Record<string, string> }; body: { append(e: unknown): void } } }).document
      const probe = doc.createElement('div')
      probe.style.backgroundColor = 'SelectedItem'
      probe.style.outlineColor = 'Highlight'
      doc.body.append(probe)
      const style = (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string; outlineColor: string } }).getComputedStyle(probe)
      return { selected: style.backgroundColor, highlight: style.outlineColor }
    })

    const style = (locator: Locator) =>
      locator.evaluate((element) => {
        type Computed = { outlineStyle: string; outlineWidth: string; outlineColor: string; backgroundColor: string; transitionDuration: string }
        const computed = (globalThis as unknown as { getComputedStyle(e: unknown): Computed }).getComputedStyle(element)
        return { outlineStyle: computed.outlineStyle, outlineWidth: computed.outlineWidth, outlineColor: computed.outlineColor, background: computed.backgroundColor, transition: computed.transitionDuration }
      })

    // A control under the keyboard focus: a solid ring in the system's highlight colour.
    const newSite = page.getByRole('complementary').getByRole('button', { name: /^New site/ })
    await newSite.focus()
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Tab')
    await expect(newSite).toBeFocused()
    const ring = await style(newSite)
    expect(ring.outlineStyle).toBe('solid')
    expect(parseFloat(ring.outlineWidth)).toBeGreaterThanOrEqual(2)
    expect(ring.outlineColor).toBe(system.highlight)
    // Reduced motion: the button's colour transition takes no time.
    expect(parseFloat(ring.transition)).toBeLessThan(0.001)

    // A selected row: its cells in the system's selection colour.
    await siteRows(page).nth(1).getByRole('checkbox').check()
    await expect(siteRows(page).nth(1)).toHaveAttribute('aria-selected', 'true')
    expect((await style(siteRows(page).nth(1).getByRole('cell').nth(2))).background).toBe(system.selected)
  })
})

test.describe('with the keyboard alone', () => {
  test.use({ webShellLaunch: { demo: true } })

  /** Tab (or Shift+Tab) until `target` has the focus, at most `max` presses. */
  async function tabTo(page: Page, target: Locator, max = 60, key = 'Tab'): Promise<void> {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((element) => element === (element.ownerDocument as { activeElement: unknown }).activeElement)) return
      await page.keyboard.press(key)
    }
    await expectFocused(target, `${max} presses of ${key}`)
  }

  test('moves to a view from the sidebar and lands on its heading, which is announced', async ({ openApp, page }) => {
    await openDemo(page, openApp)
    const tags = nav(page).getByRole('link', { name: 'Tags', exact: true })
    await tabTo(page, tags)
    await page.keyboard.press('Enter')
    await expectFocused(h1(page, 'Tags'), 'Enter on Tags in the sidebar')
    await expect(page.getByTestId('view-announcement')).toHaveText('Tags')
  })

  test('searches, filters, opens a site and comes back', async ({ openApp, page }) => {
    await openDemo(page, openApp)
    await page.keyboard.press('Control+k')
    const search = page.getByRole('searchbox', { name: 'Search sites' })
    await expectFocused(search, 'Ctrl+K')
    await page.keyboard.type('a')
    await expectFocused(search, 'typing in the search')
    await expect(siteRows(page).first()).toBeVisible()

    // A filter menu: opened from its button, an item ticked with Space, closed with Escape,
    // and the focus is back on the button.
    const filters = page.getByRole('search', { name: 'Search and filter sites' })
    const php = filters.getByRole('button', { name: 'Filter by PHP version' })
    await tabTo(page, php)
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    await expect.poll(() => holdsFocus(menu), { message: 'the focus after: Enter on the filter button is in its menu' }).toBe(true)
    await page.keyboard.press('ArrowDown')
    const item = menu.getByRole('menuitemcheckbox').and(menu.locator(':focus'))
    await expectFocused(item, 'ArrowDown in the filter menu')
    await page.keyboard.press('Space')
    await expect(menu.getByRole('menuitemcheckbox', { checked: true })).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expectFocused(php, 'Escape in the filter menu')

    // A site, opened with Enter on its link: the site page's heading has the focus.
    const link = siteRows(page).first().getByRole('link').first()
    const name = (await link.textContent())!.trim()
    await tabTo(page, link)
    await page.keyboard.press('Enter')
    await expectFocused(h1(page, name), 'Enter on a site')

    // Back to the list by its link: the Sites heading has the focus.
    await page.keyboard.press('Shift+Tab')
    const back = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')
    await tabTo(page, back, 10, 'Shift+Tab')
    await page.keyboard.press('Enter')
    await expectFocused(h1(page, 'Sites'), 'Enter on All sites')
  })

  test('selects two sites, asks to delete them, cancels, and is back where it was', async ({ openApp, page }) => {
    await openDemo(page, openApp)
    await nav(page).getByRole('link', { name: 'Sites', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expectFocused(h1(page, 'Sites'), 'Enter on Sites')
    await expect(siteRows(page).nth(1)).toBeVisible()

    const first = siteRows(page).nth(0).getByRole('checkbox')
    const second = siteRows(page).nth(1).getByRole('checkbox')
    await tabTo(page, first)
    await page.keyboard.press('Space')
    await expect(first).toBeChecked()
    await tabTo(page, second)
    await page.keyboard.press('Space')
    await expect(second).toBeChecked()

    // The selection's toolbar is one Tab stop (reka-ui's roving focus): Shift+Tab into it, then
    // the arrow keys to its Delete button.
    const toolbar = page.getByRole('toolbar', { name: 'Selection' })
    const deleteButton = toolbar.getByRole('button', { name: 'Delete…' })
    for (let i = 0; i < 80 && !(await holdsFocus(toolbar)); i++) await page.keyboard.press('Shift+Tab')
    expect(await holdsFocus(toolbar), 'Shift+Tab reaches the selection toolbar').toBe(true)
    await tabTo(page, deleteButton, 8, 'ArrowRight')
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('alertdialog')
    await expect(confirm).toBeVisible()
    await expect(confirm.locator(':focus')).toHaveCount(1)
    await tabTo(page, confirm.getByRole('button', { name: 'Cancel' }), 6)
    await page.keyboard.press('Enter')
    await expect(confirm).toBeHidden()
    await expectFocused(deleteButton, 'Cancel in the delete confirmation')
    await expect(first).toBeChecked()

    // Escape clears the selection, and the selection bar with its focused Delete… goes: the
    // focus comes back to the table, on the row last used (the first: Shift+Tab went through
    // it on the way up to the bar), not to the page.
    await page.keyboard.press('Escape')
    await expect(toolbar).toBeHidden()
    await expect(first).not.toBeChecked()
    await expectFocused(siteRows(page).nth(0).getByRole('link').first(), 'Escape with the focus on Delete…')
  })

  test('runs “Go to Tags” from the palette opened in the search box, which goes with the Sites view', async ({ openApp, page }) => {
    await openDemo(page, openApp)
    await page.keyboard.press('Control+k')
    const search = page.getByRole('searchbox', { name: 'Search sites' })
    await expectFocused(search, 'Ctrl+K')
    await page.keyboard.press('Control+Shift+P')
    const box = page.getByRole('combobox', { name: 'Search commands' })
    await expectFocused(box, 'Ctrl+Shift+P in the search box')
    await page.keyboard.type('Go to Tags')
    await expect(page.getByRole('option', { selected: true })).toHaveAccessibleName(/Tags/)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden()
    await expectFocused(h1(page, 'Tags'), 'Enter on Go to Tags, from the search box')
    await expect(search).toHaveCount(0)
  })

  test('a row link and the breadcrumb followed with the mouse leave the focus on the new view’s heading', async ({ openApp, page }) => {
    await openDemo(page, openApp)
    await openView(page, 'Sites')
    const link = siteRows(page).first().getByRole('link').first()
    const name = (await link.textContent())!.trim()
    await link.click()
    await expectFocused(h1(page, name), 'a click on a site’s link')
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').click()
    await expectFocused(h1(page, 'Sites'), 'a click on All sites')
  })

  test('runs “Go to Tags” from the palette and lands on the Tags heading', async ({ openApp, page }) => {
    await openDemo(page, openApp)
    await page.keyboard.press('Control+Shift+P')
    const box = page.getByRole('combobox', { name: 'Search commands' })
    await expectFocused(box, 'Ctrl+Shift+P')
    await page.keyboard.type('Go to Tags')
    await expect(page.getByRole('option', { selected: true })).toHaveAccessibleName(/Tags/)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden()
    await expectFocused(h1(page, 'Tags'), 'Enter on Go to Tags')
    await expect(page.getByTestId('view-announcement')).toHaveText('Tags')
  })
})

// Accessibility as a person with assistive technology meets it, through the web shell: axe-core
// (WCAG 2.0-2.2 A and AA, and axe's best practices) over the welcome page, every view, every
// dialog and every menu, in the light and the dark theme, failing on any serious or critical
// violation; and journeys made with the keyboard alone, checking where the focus is after
// each step.
import { expect, test } from '../support/fixtures'
import type { Locator, Page } from '@playwright/test'
import { Audit } from './accessibility-audit'

test.use({ viewport: { width: 1360, height: 900 } })
// Each test audits many states twice (two themes); axe takes a second or two per pass.
test.describe.configure({ timeout: 180_000 })


const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })

async function openView(page: Page, link: string, heading = link): Promise<void> {
  await nav(page).getByRole('link', { name: link, exact: true }).click()
  await expect(h1(page, heading)).toBeVisible()
}

async function openDemo(page: Page, openApp: () => Promise<Page>): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await openApp()
  await expect(h1(page, 'Overview')).toBeVisible()
}

const siteRows = (page: Page) => page.getByRole('table', { name: 'Sites' }).locator('tbody tr.site-row')

async function expectFocused(locator: Locator, step: string): Promise<void> {
  await expect(locator, `the focus after: ${step}`).toBeFocused()
}

/**
 * The view's headings as a screen reader lists them: one h1, and no level skipped on the way
 * down (an h3 straight after the h1 reads as a missing section).
 */
async function expectHeadingOutline(page: Page, state: string): Promise<void> {
  const levels = await page
    .locator('main h1, main h2, main h3, main h4, main h5, main h6')
    .evaluateAll((headings) => headings.filter((h) => (h as unknown as { checkVisibility(): boolean }).checkVisibility()).map((h) => Number(h.tagName.slice(1))))
  expect(levels.filter((level) => level === 1), `one h1 on ${state}`).toHaveLength(1)
  const skips = levels.flatMap((level, i) => (i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} then h${level}`] : []))
  expect(skips, `heading levels skipped on ${state}`).toEqual([])
}

/** True when the focus is on the element or inside it. */
function holdsFocus(locator: Locator): Promise<boolean> {
  // The node code's TypeScript settings have no DOM library: the one property this needs.
  return locator.evaluate((element) => element.contains((element.ownerDocument as unknown as { activeElement: typeof element | null }).activeElement))
}

/** Closes what is open with Escape and waits until it is gone. */
async function escape(page: Page, open: Locator): Promise<void> {
  await page.keyboard.press('Escape')
  await expect(open).toBeHidden()
}

test.describe('axe finds no serious or critical violation', () => {
  test('on the welcome page', async ({ openApp, page }) => {
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await openApp()
    await expect(h1(page, 'Welcome to Site Manager')).toBeVisible()
    const audit = new Audit(page)
    await audit.check('welcome')
    audit.expectClean()
  })

  test.describe('in the demo workspace', () => {
    test.use({ webShellLaunch: { demo: true } })

    test('on every view', async ({ openApp, page }) => {
      await openDemo(page, openApp)
      const audit = new Audit(page)
      await audit.check('overview')
      await expectHeadingOutline(page, 'overview')
      await openView(page, 'Sites')
      await expect(siteRows(page).first()).toBeVisible()
      await audit.check('sites')
      await expectHeadingOutline(page, 'sites')
      const link = siteRows(page).first().getByRole('link').first()
      const name = (await link.textContent())!.trim()
      await link.click()
      await expect(h1(page, name)).toBeVisible()
      await audit.check('site page')
      await expectHeadingOutline(page, 'site page')
      await openView(page, 'Tags')
      await audit.check('tags')
      await expectHeadingOutline(page, 'tags')
      await openView(page, 'Events')
      await audit.check('events')
      await expectHeadingOutline(page, 'events')
      await openView(page, 'Accounts')
      await audit.check('accounts')
      await expectHeadingOutline(page, 'accounts')
      await openView(page, 'Settings')
      await audit.check('settings')
      await expectHeadingOutline(page, 'settings')
      await page.evaluate(() => (globalThis as unknown as { location: { hash: string } }).location.hash = '#/about')
      await expect(h1(page, /Site Manager/)).toBeVisible()
      await audit.check('about')
      await expectHeadingOutline(page, 'about')
      audit.expectClean()
    })

    test('in every dialog', async ({ openApp, page }) => {
      await openDemo(page, openApp)
      const audit = new Audit(page)

      await page.keyboard.press('Control+Shift+P')
      const palette = page.getByRole('dialog', { name: 'Command palette' })
      await expect(palette).toBeVisible()
      await audit.check('command palette')
      await escape(page, palette)

      await page.keyboard.press('?')
      const sheet = page.getByRole('dialog', { name: /shortcuts/i })
      await expect(sheet).toBeVisible()
      await audit.check('shortcut sheet')
      await escape(page, sheet)

      await page.keyboard.press('Control+n')
      const newSite = page.getByRole('dialog', { name: 'New site' })
      await expect(newSite).toBeVisible()
      await audit.check('new site')
      await escape(page, newSite)

      await openView(page, 'Sites')
      await expect(siteRows(page).first()).toBeVisible()
      await page.getByRole('button', { name: 'Import…' }).click()
      const importing = page.getByRole('dialog', { name: 'Import sites' })
      await expect(importing).toBeVisible()
      await audit.check('import')
      await escape(page, importing)

      await page.getByRole('button', { name: 'Save view…' }).click()
      const saveView = page.getByRole('dialog', { name: 'Save view' })
      await expect(saveView).toBeVisible()
      await audit.check('save view')
      await escape(page, saveView)

      await siteRows(page).nth(0).getByRole('checkbox').check()
      await siteRows(page).nth(1).getByRole('checkbox').check()
      await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Delete…' }).click()
      const confirm = page.getByRole('alertdialog')
      await expect(confirm).toBeVisible()
      await audit.check('bulk delete')
      await escape(page, confirm)

      // The confirmations of the views: delete a site, a tag, remove an account.
      const link = siteRows(page).first().getByRole('link').first()
      const name = (await link.textContent())!.trim()
      await link.click()
      await expect(h1(page, name)).toBeVisible()
      await page.getByRole('button', { name: 'Delete site' }).click()
      const deleteSite = page.getByRole('alertdialog')
      await expect(deleteSite).toBeVisible()
      await audit.check('delete site')
      await escape(page, deleteSite)

      await openView(page, 'Tags')
      await page.getByRole('button', { name: /^Delete tag / }).first().click()
      const deleteTag = page.getByRole('alertdialog')
      await expect(deleteTag).toBeVisible()
      await audit.check('delete tag')
      await escape(page, deleteTag)

      await openView(page, 'Accounts')
      await page.getByRole('button', { name: /^Remove / }).first().click()
      const removeAccount = page.getByRole('alertdialog')
      await expect(removeAccount).toBeVisible()
      await audit.check('remove account')
      await escape(page, removeAccount)

      await page.getByRole('button', { name: 'Add account' }).click()
      const addAccount = page.getByRole('dialog', { name: 'Add account' })
      await expect(addAccount).toBeVisible()
      await audit.check('add account')
      await escape(page, addAccount)
      audit.expectClean()
    })

    test('in every menu', async ({ openApp, page }) => {
      await openDemo(page, openApp)
      const audit = new Audit(page)

      await page.getByRole('button', { name: /, switch account$/ }).click()
      const accounts = page.getByRole('menu')
      await expect(accounts).toBeVisible()
      await audit.check('account switcher')
      await escape(page, accounts)

      await openView(page, 'Sites')
      await expect(siteRows(page).first()).toBeVisible()
      const filters = page.getByRole('search', { name: 'Search and filter sites' })
      await filters.getByRole('button', { name: 'Filter by tags' }).click()
      const tagMenu = page.getByRole('menu')
      await expect(tagMenu).toBeVisible()
      await audit.check('tag filter')
      await escape(page, tagMenu)
      await filters.getByRole('button', { name: 'Filter by PHP version' }).click()
      const phpMenu = page.getByRole('menu')
      await expect(phpMenu).toBeVisible()
      await audit.check('PHP filter')
      await escape(page, phpMenu)

      await page.getByRole('button', { name: /^Export/ }).click()
      const exportMenu = page.getByRole('menu')
      await expect(exportMenu).toBeVisible()
      await audit.check('export')
      await escape(page, exportMenu)

      await page.getByRole('table', { name: 'Sites' }).getByRole('button', { name: 'Columns' }).click()
      const columns = page.getByRole('dialog', { name: 'Columns' })
      await expect(columns).toBeVisible()
      await audit.check('columns')
      await escape(page, columns)

      await siteRows(page).nth(0).getByRole('checkbox').check()
      await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: /^Export/ }).click()
      const selectionExport = page.getByRole('menu')
      await expect(selectionExport).toBeVisible()
      await audit.check('selection export')
      await escape(page, selectionExport)

      await siteRows(page).first().getByRole('cell').nth(4).click({ button: 'right' })
      const rowMenu = page.getByRole('menu', { name: /^Actions for / })
      await expect(rowMenu).toBeVisible()
      await audit.check('row menu')
      await escape(page, rowMenu)
      audit.expectClean()
    })
  })
})

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

// Reflow (WCAG 1.4.10) through the web shell: at 320 CSS px wide (WCAG's measure, 1280 px at
// 400 %) and at 200 % zoom of a 1280x800 window (640x400 CSS px at a device scale of 2), every
// view is usable with nothing lost: nothing reaches past the window's right edge (the site
// table scrolls sideways in its own box, the one exception), each of the view's controls can
// be brought on screen whole by focusing it, a name cut short shows whole on hover (its title),
// and the sidebar is a drawer behind a Menu button that Escape and a chosen link close.
import { expect, test } from '../support/fixtures'
import type { Page } from '@playwright/test'
import { Audit } from './accessibility-audit'
import { expectReachable, expectReflows, SIZES } from './reflow-helpers'

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name })
const main = (page: Page) => page.getByRole('main', { name: 'Content' })
const siteRows = (page: Page) => page.getByRole('table', { name: 'Sites' }).locator('tbody tr.site-row')
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' })

/** Goes to a view through the drawer, as a person would at this size. */
async function openView(page: Page, link: string, heading = link): Promise<void> {
  await menuButton(page).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click()
  await expect(h1(page, heading)).toBeVisible()
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false')
}

for (const size of SIZES) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor, webShellLaunch: { demo: true } })
    test.describe.configure({ timeout: 90_000 })

    test('the sidebar is a drawer behind the Menu button', async ({ openApp, page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await openApp()
      await expect(h1(page, 'Overview')).toBeVisible()
      const nav = page.getByRole('navigation', { name: 'Main' })
      await expect(nav).toBeHidden()
      await expectReachable(menuButton(page), 'the Menu button')
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false')

      // Opened with the keyboard: the focus goes into it; Escape closes it and the focus is back on the button.
      await page.keyboard.press('Enter')
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true')
      await expect(nav).toBeVisible()
      await expect(page.getByRole('complementary').locator(':focus')).toHaveCount(1)
      await expectReflows(page, 'the open drawer')
      const audit = new Audit(page)
      await audit.check('the open drawer')
      audit.expectClean()
      await page.keyboard.press('Escape')
      await expect(nav).toBeHidden()
      await expect(menuButton(page)).toBeFocused()

      // A link chosen in it: it closes and the new view's heading has the focus.
      await page.keyboard.press('Enter')
      const events = nav.getByRole('link', { name: 'Events', exact: true })
      for (let i = 0; i < 20 && !(await events.evaluate((e) => e === (e.ownerDocument as unknown as { activeElement: unknown }).activeElement)); i++) await page.keyboard.press('Tab')
      await expect(events).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(h1(page, 'Events')).toBeFocused()
      await expect(nav).toBeHidden()
      await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false')

      // A click beside it closes it too, and gives the focus back to the button.
      await menuButton(page).click()
      await expect(nav).toBeVisible()
      await page.getByTestId('drawer-scrim').click({ position: { x: size.viewport.width - 5, y: size.viewport.height / 2 } })
      await expect(nav).toBeHidden()
      await expect(menuButton(page)).toBeFocused()
    })

    test('every view keeps its content and controls', async ({ openApp, page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await openApp()
      await expect(h1(page, 'Overview')).toBeVisible()
      await expectReflows(page, 'overview')

      // Sites, with a selection: the header, filters and selection bar scroll away with the
      // view, so the table's header never covers its rows.
      await openView(page, 'Sites')
      await expect(siteRows(page).nth(1)).toBeVisible()
      await siteRows(page).nth(0).getByRole('checkbox').check()
      await siteRows(page).nth(1).getByRole('checkbox').check()
      const selection = page.getByRole('toolbar', { name: 'Selection' })
      await expect(selection).toBeVisible()
      await expectReflows(page, 'sites with a selection')
      const filters = page.getByRole('search', { name: 'Search and filter sites' })
      for (const [control, what] of [
        [page.getByRole('button', { name: 'Refresh sites' }), 'Refresh sites'],
        [page.getByRole('button', { name: /^Export / }).first(), 'Export'],
        [page.getByRole('button', { name: 'Import…' }), 'Import…'],
        [main(page).getByRole('button', { name: 'New site' }), 'New site'],
        [filters.getByRole('searchbox', { name: 'Search sites' }), 'the search box'],
        [filters.getByRole('button', { name: 'Filter by PHP version' }), 'the PHP filter'],
        [filters.getByRole('button', { name: 'Filter by tags' }), 'the Tags filter'],
        [filters.getByRole('checkbox', { name: 'Never checked' }), 'Never checked'],
        [filters.getByRole('button', { name: 'Save view…' }), 'Save view…'],
        [selection.getByRole('button', { name: 'Delete…' }), 'Delete… of the selection'],
        [siteRows(page).nth(0).getByRole('link').first(), 'the first site'],
        [siteRows(page).nth(1).getByRole('checkbox'), 'the second row’s box'],
      ] as const) {
        await expectReachable(control, `${what} on Sites`)
      }
      await expectReflows(page, 'sites scrolled down to its rows')

      // A site's page: its name whole, its actions, its values inside their cards.
      const link = siteRows(page).first().getByRole('link').first()
      const name = (await link.textContent())!.trim()
      await link.click()
      const heading = h1(page, name)
      await expect(heading).toBeVisible()
      expect((await heading.boundingBox())!.width, 'the site’s name has room').toBeGreaterThan(60)
      await expectReflows(page, 'the site page')
      for (const label of ['Open site', 'Open admin', 'Refresh site', 'Delete site']) {
        await expectReachable(main(page).getByRole(label === 'Refresh site' || label === 'Delete site' ? 'button' : 'link', { name: label, exact: true }), `${label} on the site page`)
      }
      await expectReachable(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link'), 'All sites')
      for (const card of ['Server', 'Details']) {
        const region = main(page).getByRole('region', { name: card })
        const inside = await region.evaluate((box) => {
          const edge = box.getBoundingClientRect().right
          return [...box.querySelectorAll('dd, dd *')].every((value) => value.getBoundingClientRect().right <= edge + 1)
        })
        expect(inside, `the ${card} card's values stay inside it`).toBe(true)
      }

      await openView(page, 'Events')
      await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem').first()).toBeVisible()
      await expectReflows(page, 'events')
      await expectReachable(page.getByRole('button', { name: 'Refresh events' }), 'Refresh events')
      await expectReachable(page.getByRole('button', { name: /^Export/ }), 'Export of events')

      await openView(page, 'Tags')
      await expect(page.getByRole('table', { name: 'Tags' }).getByRole('row').nth(1)).toBeVisible()
      await expectReflows(page, 'tags')
      await expectReachable(page.getByRole('button', { name: 'Refresh tags' }), 'Refresh tags')
      await expectReachable(page.getByRole('button', { name: /^Delete tag / }).first(), 'Delete of a tag')

      await openView(page, 'Accounts')
      await expectReflows(page, 'accounts')
      await expectReachable(main(page).getByRole('button', { name: 'Add account' }), 'Add account')
      await expectReachable(main(page).getByRole('button', { name: /^Remove / }).first(), 'Remove of an account')

      await openView(page, 'Settings')
      await expectReflows(page, 'settings')

      await openView(page, 'Reports')
      await expectReflows(page, 'reports')

      await page.evaluate(() => ((globalThis as unknown as { location: { hash: string } }).location.hash = '#/about'))
      await expect(h1(page, /Site Manager/)).toBeVisible()
      await expectReflows(page, 'about')
    })
  })
}

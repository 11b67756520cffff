// Accessibility as axe-core sees it, through the web shell: WCAG 2.0-2.2 A and AA, and axe's
// best practices, over the welcome page, every view, every dialog and every menu, in the light
// and the dark theme, failing on any serious or critical violation. The keyboard journeys and
// the system settings (forced colours, reduced motion) are accessibility-keyboard.spec.ts.
import { expect, test } from '../support/fixtures'
import { Audit } from './accessibility-audit'
import { escape, expectHeadingOutline, h1, openDemo, openView, siteRows } from './accessibility-helpers'

test.use({ viewport: { width: 1360, height: 900 } })
// Each test audits many states twice (two themes); axe takes a second or two per pass.
test.describe.configure({ timeout: 180_000 })

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

// The About view in the web shell: opened from the command palette ("About Site Manager", the
// command Help → About runs in the desktop app), it shows the app's version and the licenses
// of the packages really bundled into this build (the list scripts/licenses.mjs writes at
// build time), each with its licence text, in both themes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '../support/fixtures'
import { APP_ROOT } from '../support/web-shell'
import { screenshotBothThemes } from '../support/themes'
import { addFirstAccount } from './accounts-sites-helpers'

test.use({ viewport: { width: 1280, height: 800 } })

const installed = (name: string): string =>
  (JSON.parse(readFileSync(join(APP_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version

test('About shows the version and the bundled packages\' licenses', async ({ openApp, referenceServer, page }, testInfo) => {
  await openApp()
  await addFirstAccount(page, referenceServer)

  // From the palette, as a person would find it.
  await page.keyboard.press('Control+Shift+P')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await palette.getByRole('combobox', { name: 'Search commands' }).fill('About')
  await expect(palette.getByRole('option', { selected: true })).toHaveAccessibleName(/^About Site Manager\b/)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Site Manager' })).toBeVisible()

  const appVersion = (JSON.parse(readFileSync(join(APP_ROOT, 'package.json'), 'utf8')) as { version: string }).version
  await expect(page.getByTestId('about-version')).toHaveText(appVersion)

  // The list is this build's: what the renderer bundles (vue, chart.js) and main carries
  // (better-sqlite3, keytar), at the versions installed.
  const packages = page.getByRole('list', { name: 'Bundled packages' })
  for (const name of ['vue', 'chart.js', 'better-sqlite3', 'keytar']) {
    const item = packages.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) })
    await expect(item).toContainText(installed(name))
  }
  await screenshotBothThemes(page, (n) => testInfo.outputPath(n), 'about')

  // Found by name, and its licence opened from the keyboard.
  await page.getByRole('searchbox', { name: 'Find a package' }).fill('better-sqlite3')
  await expect(packages.getByRole('listitem')).toHaveCount(1)
  await page.keyboard.press('Tab')
  await expect(packages.locator('summary')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(packages.locator('pre')).toContainText(readFileSync(join(APP_ROOT, 'node_modules/better-sqlite3/LICENSE'), 'utf8').split('\n')[0]!.trim())
})

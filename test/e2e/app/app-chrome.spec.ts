// The app's chrome as a person uses it, through the web shell: the theme (Settings and the
// command palette, kept across a reload, System following the system live), the command
// palette by keyboard, the shortcut sheet on ?, a colour per account, and a refused token
// saying so once. Screenshots of the palette and the sheet in both themes go to
// test-results/screenshots/.
import { join } from 'node:path'
import { expect, test } from '../support/fixtures'
import type { Locator, Page } from '@playwright/test'
import { APP_ROOT } from '../support/web-shell'
import { expectPainted, screenshotBothThemes } from '../support/themes'
import { addFirstAccount, fillAccountForm, siteRows } from './accounts-sites-helpers'
import { renewServerTokens } from './refused-token'

test.use({ viewport: { width: 1280, height: 800 } })

const screenshots = (file: string): string => join(APP_ROOT, 'test-results', 'screenshots', file)

/** The colour an element is painted with, as the browser computes it. */
function backgroundOf(locator: Locator): Promise<string> {
  // The node code's TypeScript settings have no DOM library: the one call this needs.
  type Browser = { getComputedStyle(element: unknown): { backgroundColor: string } }
  return locator.evaluate((element) => (globalThis as unknown as Browser).getComputedStyle(element).backgroundColor)
}

function nav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' })
}

async function openPalette(page: Page) {
  await page.keyboard.press('Control+Shift+P')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette).toBeVisible()
  const box = palette.getByRole('combobox', { name: 'Search commands' })
  await expect(box).toBeFocused()
  return { palette, box }
}

async function runFromPalette(page: Page, query: string, expected: string): Promise<void> {
  const { palette, box } = await openPalette(page)
  await box.fill(query)
  // The first match is the active option, and Enter runs it.
  await expect(palette.getByRole('option', { selected: true })).toHaveAccessibleName(new RegExp(`^${expected}\\b`))
  await page.keyboard.press('Enter')
  await expect(palette).toBeHidden()
}

test('the theme is chosen in Settings or the palette, applies at once and is kept', async ({ openApp, referenceServer, page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await openApp()
  await addFirstAccount(page, referenceServer)
  await expectPainted(page, 'light')

  await nav(page).getByRole('link', { name: 'Settings' }).click()
  const theme = page.getByRole('group', { name: 'Theme' })
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked()
  await theme.getByRole('radio', { name: 'Dark' }).check()
  await expectPainted(page, 'dark')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')

  // Saved: a new start paints dark although the system is light.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expectPainted(page, 'dark')
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked()

  // Through the palette, from another view.
  await nav(page).getByRole('link', { name: 'Sites' }).click()
  await runFromPalette(page, 'theme light', 'Theme: Light')
  await expectPainted(page, 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectPainted(page, 'light') // Light stays light whatever the system says.

  // System follows the system's scheme, live.
  await runFromPalette(page, 'theme sys', 'Theme: System')
  await expectPainted(page, 'dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expectPainted(page, 'light')
  await nav(page).getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' })).toBeChecked()
  await page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'System' }).focus()
  await screenshotBothThemes(page, screenshots, 'settings-theme')
})

test('the command palette opens from the keyboard, goes to views and runs actions', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  // Escape closes it and gives the focus back to where it was.
  const search = page.getByRole('searchbox', { name: 'Search sites' })
  await search.focus()
  const { palette, box } = await openPalette(page)
  await expect(palette.getByRole('group', { name: 'Go to' }).getByRole('option')).toHaveText([
    'Go to Overview',
    'Go to Sites',
    'Go to Tags',
    'Go to Events',
    'Go to Accounts',
    'Go to Settings',
  ])
  await box.fill('zzzz nothing')
  await expect(palette.getByRole('status')).toHaveText('No command matches “zzzz nothing”.')
  await expect(palette.getByRole('option')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(palette).toBeHidden()
  await expect(search).toBeFocused()

  // A command that navigates, chosen with the arrow keys.
  await openPalette(page)
  await page.keyboard.type('go to')
  await expect(palette.getByRole('option', { selected: true })).toHaveText('Go to Overview')
  await page.keyboard.press('ArrowDown')
  await expect(palette.getByRole('option', { selected: true })).toHaveText('Go to Sites')
  await page.keyboard.press('ArrowDown')
  await expect(palette.getByRole('option', { selected: true })).toHaveText('Go to Tags')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible()

  // A command that acts: New site opens its dialog, and the palette remembers it ran.
  await runFromPalette(page, 'new site', 'New site')
  const dialog = page.getByRole('dialog', { name: /^New site/ })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Name')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // F1 opens it too; the last command run is first, under Recent.
  await page.keyboard.press('F1')
  await expect(palette).toBeVisible()
  await expect(palette.getByRole('group', { name: 'Recent' }).getByRole('option').first()).toHaveAccessibleName(/^New site\b/)
  await page.keyboard.press('Escape')

  // Focus search from anywhere: back to Sites with the search box focused.
  await runFromPalette(page, 'focus search', 'Focus search')
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
  await expect(search).toBeFocused()

  // Screenshots of the palette with a query in both themes.
  await openPalette(page)
  await page.keyboard.type('go')
  await screenshotBothThemes(page, screenshots, 'command-palette')
  await page.keyboard.press('Escape')
  await openPalette(page)
  await screenshotBothThemes(page, screenshots, 'command-palette-all')
})

test('? shows the keyboard shortcuts, Escape closes them, and ? typed in a field is text', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer)

  await page.keyboard.press('?')
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet).toBeVisible()
  const global = sheet.getByRole('region', { name: 'Global' })
  await expect(global.getByRole('term')).toContainText(['Open the command palette', 'Search the sites', 'New site'])
  await expect(global.getByRole('definition').first()).toHaveText(/Ctrl\s*Shift\s*P\s*or\s*F1/)
  await expect(sheet.getByRole('region', { name: 'Sites table' }).getByRole('term')).toContainText(['Select every matching site'])
  await screenshotBothThemes(page, screenshots, 'shortcut-sheet')
  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()

  const search = page.getByRole('searchbox', { name: 'Search sites' })
  await search.focus()
  await page.keyboard.type('a?')
  await expect(search).toHaveValue('a?')
  await expect(sheet).toHaveCount(0)
})

test('each account has its own avatar colour, the demo workspace a distinct one', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer, 'Agency')
  await nav(page).getByRole('link', { name: 'Accounts' }).click()
  await page.getByRole('button', { name: 'Add account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add account' })
  await fillAccountForm(page, referenceServer, 'Freelance', 1)
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Open demo workspace' }).click()
  await expect(page.getByRole('button', { name: /, switch account$/ })).toHaveAccessibleName(/Demo/i)

  const colour = (label: string) =>
    backgroundOf(
      page
      .getByRole('list', { name: 'Accounts' })
      .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
        .locator('.account-avatar'),
    )
  const agency = await colour('Agency')
  const freelance = await colour('Freelance')
  const demo = await colour((await page.getByRole('list', { name: 'Accounts' }).getByRole('heading').allTextContents()).find((t) => /demo/i.test(t))!)
  expect(new Set([agency, freelance, demo]).size, `avatar colours ${agency}, ${freelance}, ${demo}`).toBe(3)

  // The switcher shows the same colours.
  await page.getByRole('button', { name: /, switch account$/ }).click()
  const item = page.getByRole('menuitemradio', { name: 'Freelance' })
  await expect(item).toBeVisible()
  expect(await backgroundOf(item.locator('.account-avatar'))).toBe(freelance)
  await screenshotBothThemes(page, screenshots, 'account-colours')
})

test('a refused token shows exactly one alert, with the way to replace it', async ({ openApp, referenceServer }) => {
  const page = await openApp()
  await addFirstAccount(page, referenceServer, 'Agency')
  await expect(siteRows(page).first()).toBeVisible()

  const replacement = await renewServerTokens(referenceServer)
  try {
    await page.keyboard.press('Control+r')
    const alerts = page.getByRole('alert')
    await expect(alerts.filter({ hasText: 'The server refused the token of “Agency”' })).toBeVisible()
    await expect(alerts.filter({ hasText: 'The server refused the token of “Agency”' }).getByRole('button', { name: 'Enter new token' })).toBeVisible()
    // Whatever else reacts to the failed sync (toasts, banners, the view) must not say it again.
    await page.keyboard.press('Control+r')
    await expect(alerts.filter({ hasText: 'The server refused the token of “Agency”' })).toBeVisible()
    await expect.poll(() => alerts.allTextContents(), { message: 'the alerts on screen' }).toHaveLength(1)
    await expect(siteRows(page).first()).toBeVisible()

    // Every view says it once too.
    for (const view of ['Tags', 'Events', 'Settings']) {
      await nav(page).getByRole('link', { name: view }).click()
      await expect(page.getByRole('heading', { level: 1, name: view })).toBeVisible()
      await expect(alerts).toHaveCount(1)
    }
    // And a site's page, whose own refresh is refused too.
    await nav(page).getByRole('link', { name: 'Sites' }).click()
    const first = siteRows(page).first().getByRole('link').first()
    const name = (await first.textContent())!.trim()
    await first.click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(alerts.filter({ hasText: 'The server refused the token of “Agency”' })).toBeVisible()
    await expect(alerts).toHaveCount(1)
  } finally {
    await replacement.close()
  }
})

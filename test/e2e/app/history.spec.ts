// Site history in the web shell: the reference server's monitoring upgrades a site's PHP
// between two syncs (the same check the real service runs; a seeded 2% of sites per pass), and
// the site page's History card then says "PHP 8.1.27 → 8.2.18 on <day>", while a site whose
// versions and updates did not change says "No changes seen yet".
import type { Site } from '../../../src/shared'
import { expect, test } from '../support/fixtures'
import { addFirstAccount, apiSites } from './accounts-sites-helpers'

test.use({ referenceServerOptions: { port: 0, seed: 'demo', sites: 60 } })

test('a PHP upgrade seen between two syncs shows on the site page as “PHP a → b on <day>”', async ({ page, openApp, referenceServer, webShell }) => {
  // Servers still unknown get their versions at their first check: check every site once
  // before the app's first sync, so later PHP changes go from one known version to another.
  referenceServer.runMonitoringPass()
  await openApp()
  await addFirstAccount(page, referenceServer)
  const before = new Map((await apiSites(referenceServer)).map((site) => [site.id, site]))

  // Monitoring passes until a host upgraded PHP (bounded).
  let upgraded: Site | undefined
  let after: Site[] = []
  for (let pass = 0; pass < 60 && upgraded === undefined; pass++) {
    referenceServer.runMonitoringPass()
    after = await apiSites(referenceServer)
    upgraded = after.find((site) => site.server.php !== null && site.server.php !== before.get(site.id)?.server.php)
  }
  expect(upgraded, 'a monitoring pass upgraded some site’s PHP').toBeDefined()
  const site = upgraded!
  const from = before.get(site.id)!.server.php!
  // A site none of whose followed values changed except its last check.
  const quiet = after.find((s) => {
    const old = before.get(s.id)!
    return s.server.php === old.server.php && s.server.mysql === old.server.mysql && s.server.web === old.server.web && s.updates_count === old.updates_count
  })

  // The second sync, as a person starts it from the Sites view.
  await page.getByRole('button', { name: 'Refresh sites' }).click()

  // The site page (the address a click on its row opens).
  await page.goto(`${webShell.origin}/#/sites/${site.id}`)
  await expect(page.getByRole('heading', { level: 1, name: site.name })).toBeVisible()
  const history = page.getByRole('region', { name: 'History' })
  const line = history.getByRole('listitem').filter({ hasText: `PHP ${from} → ${site.server.php}` })
  await expect(line).toBeVisible()
  await expect(line).toHaveText(new RegExp(`^PHP ${escape(from)} → ${escape(site.server.php!)}\\s+on \\S.*$`))
  await expect(line.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)

  // Pending updates that changed are there too, exactly as the server's numbers moved.
  const oldUpdates = before.get(site.id)!.updates_count
  if (oldUpdates !== site.updates_count) {
    await expect(history.getByRole('listitem').filter({ hasText: `Pending updates ${oldUpdates} → ${site.updates_count}` })).toBeVisible()
  }

  for (const theme of ['light', 'dark'] as const) {
    // The theme is "System" by default: it follows the browser's colour scheme.
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await history.screenshot({ path: `test-results/screenshots/site-history-${theme}.png` })
  }

  // (The seeded server always has such a site among 60; the check keeps the step from being skipped.)
  expect(quiet, 'a site whose followed values did not change').toBeDefined()
  if (quiet) {
    await page.goto(`${webShell.origin}/#/sites/${quiet.id}`)
    await expect(page.getByRole('heading', { level: 1, name: quiet.name })).toBeVisible()
    const quietHistory = page.getByRole('region', { name: 'History' })
    await expect(quietHistory.getByText('No changes seen yet')).toBeVisible()
    // Its last check moved: those changes are there behind the checkbox.
    await quietHistory.getByRole('checkbox', { name: /Show last-check changes/ }).check()
    await expect(quietHistory.getByRole('listitem').first()).toHaveText(/^Last check .+ → .+ on /)
  }
})

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

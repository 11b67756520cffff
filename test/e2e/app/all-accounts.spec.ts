// The All accounts scope as a person uses it, through the web shell against two reference
// servers (two accounts added through the UI): the switcher's "All accounts", the Overview's
// totals as the sum of both servers, the events feed of both, the Sites table listing both
// servers' sites with an Account column, a site id both accounts have opening the right
// account's site, and a delete from the All table landing on the right server.
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { startReferenceServer, type RunningReferenceServer } from '../../../src/reference-server'
import type { Page as ApiPage, Site, SiteEvent } from '../../../src/shared'
import { addFirstAccount, apiSites, fillAccountForm, openSitesFromSidebar, siteRows } from './accounts-sites-helpers'
import { screenshotBothThemes } from '../support/themes'

// 30 + 14 sites: under the table's virtualisation threshold, so every row is in the page.
test.use({ viewport: { width: 1440, height: 900 }, referenceServerOptions: { port: 0, seed: 'demo', sites: 30 } })

const n = (value: number) => value.toLocaleString('en-US')
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** The server's newest events (first page) and how many it holds. */
async function apiEvents(server: RunningReferenceServer): Promise<{ newest: SiteEvent[]; total: number }> {
  const response = await fetch(`${server.baseUrl}/logs?page=1`, {
    headers: { Authorization: `Bearer ${server.tokens[0]}`, Accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`GET /logs answered ${response.status}`)
  const body = (await response.json()) as ApiPage<SiteEvent>
  return { newest: body.data, total: body.meta.total }
}

/** The second account, added from the Accounts view as a person would. */
async function addSecondAccount(page: Page, server: RunningReferenceServer, label: string): Promise<void> {
  await nav(page).getByRole('link', { name: 'Accounts' }).click()
  await page.getByRole('button', { name: 'Add account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add account' })
  await fillAccountForm(page, server, label)
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: new RegExp(`^${label} .*, switch account$`) })).toBeVisible()
}

async function showAllAccounts(page: Page, from: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${from} .*, switch account$`) }).click()
  // The keyboard reaches it too: it is the menu's first radio item.
  const all = page.getByRole('menuitemradio', { name: 'All accounts' })
  await expect(all).toBeVisible()
  await all.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: /^All accounts .*, switch account$/ })).toBeVisible()
}

function sum(sites: readonly Site[]) {
  return {
    sites: sites.length,
    withUpdates: sites.filter((s) => (s.updates_count ?? 0) > 0).length,
    pendingUpdates: sites.reduce((total, s) => total + (s.updates_count ?? 0), 0),
    neverChecked: sites.filter((s) => s.last_check_at === null).length,
  }
}

const card = (page: Page, label: string) => page.getByRole('list', { name: 'Totals' }).getByRole('link', { name: new RegExp(`^${label} [\\d,]+ `) })

test.describe('the All accounts scope', () => {
  let second: RunningReferenceServer

  test.beforeEach(async () => {
    // Another seed and size: different sites, whose ids (1, 2, …) are also ids of the first server's.
    second = await startReferenceServer({ port: 0, seed: 'bureau', sites: 14 })
  })
  test.afterEach(async () => {
    await second.close()
  })

  test('the overview adds up both servers and the events feed shows both accounts’ events', async ({ openApp, referenceServer }, testInfo) => {
    const [sitesA, sitesB, eventsA, eventsB] = await Promise.all([apiSites(referenceServer), apiSites(second), apiEvents(referenceServer), apiEvents(second)])
    const page = await openApp()
    await addFirstAccount(page, referenceServer, 'Agency')
    await addSecondAccount(page, second, 'Bureau')

    await nav(page).getByRole('link', { name: 'Overview' }).click()
    await showAllAccounts(page, 'Bureau')
    await expect(page.getByText('All accounts · 2 accounts')).toBeVisible()
    const both = sum([...sitesA, ...sitesB])
    await expect(card(page, 'Sites')).toContainText(n(both.sites))
    await expect(card(page, 'Sites with pending updates')).toContainText(n(both.withUpdates))
    await expect(card(page, 'Pending updates')).toContainText(n(both.pendingUpdates))
    await expect(card(page, 'Never checked')).toContainText(n(both.neverChecked))
    await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'all-accounts-overview')

    // Remembered across a reload.
    await page.reload()
    await expect(page.getByRole('button', { name: /^All accounts .*, switch account$/ })).toBeVisible()
    await expect(card(page, 'Sites')).toContainText(n(both.sites))

    // The events feed: both accounts' events, each naming its account.
    await nav(page).getByRole('link', { name: 'Events' }).click()
    await expect(page.getByText('All accounts, newest first')).toBeVisible()
    const list = page.getByRole('list', { name: 'Events of all accounts' })
    await expect(list).toBeVisible()
    await expect(list.locator('.event-row__account-label', { hasText: 'Agency' }).first()).toBeVisible()
    await expect(list.locator('.event-row__account-label', { hasText: 'Bureau' }).first()).toBeVisible()
    // Each server's newest event is listed, under its own account.
    for (const [events, label] of [
      [eventsA, 'Agency'],
      [eventsB, 'Bureau'],
    ] as const) {
      const newest = events.newest[0]!
      const row = list.locator('li', { hasText: newest.message }).filter({ hasText: label }).first()
      await expect(row).toBeVisible()
    }
    // The count is the sum of both accounts' events.
    await expect(page.getByRole('status').filter({ hasText: `${n(eventsA.total + eventsB.total)} events` })).toBeVisible()
    await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'all-accounts-events')

    // Choosing one account returns to that account alone.
    await page.getByRole('button', { name: /^All accounts .*, switch account$/ }).click()
    await page.getByRole('menuitemradio', { name: 'Agency' }).click()
    await expect(page.getByRole('button', { name: /^Agency .*, switch account$/ })).toBeVisible()
    await expect(page.getByText('Newest first', { exact: true })).toBeVisible()
    await expect(page.locator('.event-row__account-label')).toHaveCount(0)
  })

  test('the table lists both servers’ sites with their account, opens the right one of two equal ids, and deletes on the right server', async ({
    openApp,
    referenceServer,
  }, testInfo) => {
    const [sitesA, sitesB] = await Promise.all([apiSites(referenceServer), apiSites(second)])
    const page = await openApp()
    await addFirstAccount(page, referenceServer, 'Agency')
    await addSecondAccount(page, second, 'Bureau')
    await openSitesFromSidebar(page)
    await showAllAccounts(page, 'Bureau')

    // Every site of both servers, once: the count and the names.
    await expect(page.locator('.list-view-count')).toHaveText(`${n(sitesA.length + sitesB.length)} sites`)
    const table = page.getByRole('table', { name: 'Sites' })
    await expect(table.getByRole('columnheader', { name: /Account/ })).toBeVisible()
    // Each row: its name and its account, exactly the servers' sites.
    const listed = await siteRows(page).evaluateAll((rows) =>
      rows.map((row) => `${row.querySelector('.name-link')?.textContent?.trim()} | ${row.querySelector('[data-column="account"]')?.textContent?.trim()}`),
    )
    const expected = [...sitesA.map((s) => `${s.name} | Agency`), ...sitesB.map((s) => `${s.name} | Bureau`)]
    expect(listed.sort()).toEqual(expected.sort())
    await screenshotBothThemes(page, (name) => testInfo.outputPath(name), 'all-accounts-sites')
    // Sorting by Account puts Agency's sites first.
    await table.getByRole('columnheader', { name: /Account/ }).getByRole('button').click()
    await expect(siteRows(page).first().locator('[data-column="account"]')).toHaveText('Agency')
    await expect(siteRows(page).last().locator('[data-column="account"]')).toHaveText('Bureau')
    // The Account filter, with each account's count: Bureau's sites only, then all again.
    await page.getByRole('button', { name: 'Filter by account' }).click()
    const bureau = page.getByRole('menuitemcheckbox', { name: new RegExp(`^Bureau \\(${sitesB.length}\\)`) })
    await bureau.click()
    await page.keyboard.press('Escape')
    await expect(page.locator('.list-view-count')).toHaveText(`${n(sitesB.length)} of ${n(sitesA.length + sitesB.length)} sites`)
    await expect(siteRows(page).locator('[data-column="account"]', { hasText: 'Agency' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Filter by account' }).click()
    await page.getByRole('menuitemcheckbox', { name: /^Bureau/ }).click()
    await page.keyboard.press('Escape')
    await expect(page.locator('.list-view-count')).toHaveText(`${n(sitesA.length + sitesB.length)} sites`)

    const search = page.getByRole('searchbox', { name: 'Search sites' })

    // Site id 1 on both servers: Bureau's opens Bureau's site, with its account named.
    const sameIdB = sitesB.find((s) => sitesA.some((a) => a.id === s.id) && !sitesA.some((a) => a.name === s.name))!
    expect(sameIdB, 'a site of the second server whose id the first server also has').toBeDefined()
    await search.fill(sameIdB.name)
    await siteRows(page).getByRole('link', { name: sameIdB.name, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`#/sites/${sameIdB.id}\\?account=`))
    await expect(page.getByRole('heading', { level: 1, name: sameIdB.name })).toBeVisible()
    await expect(page.getByTestId('site-account')).toHaveText(/Account: Bureau$/)
    // Still in the All scope; Back returns to the All table as it was.
    await expect(page.getByRole('button', { name: /^All accounts .*, switch account$/ })).toBeVisible()
    await page.goBack()
    await expect(search).toHaveValue(sameIdB.name)

    // Delete Bureau's site from the All table: it goes from the second server, the first keeps its site of that id.
    const row = siteRows(page).filter({ has: page.getByRole('link', { name: sameIdB.name, exact: true }) })
    await row.getByRole('cell').nth(4).click({ button: 'right' })
    await page.getByRole('menu', { name: `Actions for ${sameIdB.name}` }).getByRole('menuitem', { name: 'Delete…' }).click()
    const confirm = page.getByRole('alertdialog', { name: `Delete ${sameIdB.name}?` })
    await confirm.getByRole('button', { name: /^Delete/ }).click()
    const done = page.getByRole('alertdialog', { name: 'Site deleted' })
    await done.getByRole('button', { name: 'Close' }).click()
    await expect(done).toBeHidden()
    await expect.poll(async () => (await apiSites(second)).some((s) => s.id === sameIdB.id)).toBe(false)
    expect((await apiSites(referenceServer)).some((s) => s.id === sameIdB.id)).toBe(true)
    await search.fill('')
    await expect(page.locator('.list-view-count')).toHaveText(`${n(sitesA.length + sitesB.length - 1)} sites`)
  })
})

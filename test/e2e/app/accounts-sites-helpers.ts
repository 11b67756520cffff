// Helpers for the accounts and sites e2e specs: act as a person would (by role and name),
// and read the reference server directly to know what the app ought to show.
import { expect, type Page } from '@playwright/test'
import type { Page as ApiPage, Site } from '../../../src/shared'
import type { RunningReferenceServer } from '../../../src/reference-server'

export async function fillAccountForm(page: Page, server: RunningReferenceServer, label: string, tokenIndex = 0): Promise<void> {
  await page.getByLabel('Label').fill(label)
  await page.getByLabel('API address').fill(server.baseUrl)
  await page.getByLabel('Token', { exact: true }).fill(server.tokens[tokenIndex]!)
}

/**
 * Adds the first account on the welcome screen, which leads to the Overview, then opens Sites
 * from the sidebar and waits, as a person would, until the account's sites are on screen
 * (heading and rows), not just until the Sites view began.
 */
export async function addFirstAccount(page: Page, server: RunningReferenceServer, label = 'Agency'): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to Site Manager' })).toBeVisible()
  await fillAccountForm(page, server, label)
  await page.getByRole('button', { name: 'Add account' }).click()
  // Landed on the Overview first, so the welcome screen's own move there cannot come after
  // the click on Sites and take the page back.
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await openSitesFromSidebar(page)
  await expect(siteRows(page).first()).toBeVisible()
}

/** The Sites entry of the sidebar, clicked; resolves once the Sites view's heading shows. */
export async function openSitesFromSidebar(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
}

export async function apiGet<T>(server: RunningReferenceServer, path: string, tokenIndex = 0): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${server.tokens[tokenIndex]}`, Accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
  return (await response.json()) as T
}

export async function apiSites(server: RunningReferenceServer, tokenIndex = 0): Promise<Site[]> {
  const sites: Site[] = []
  for (let page = 1; ; page++) {
    const body = await apiGet<ApiPage<Site>>(server, `/sites?page=${page}`, tokenIndex)
    sites.push(...body.data)
    if (page >= body.meta.last_page) return sites
  }
}

/** The site table's data rows (the header row excluded). */
export function siteRows(page: Page) {
  return page.getByRole('table', { name: 'Sites' }).locator('tbody tr.site-row')
}

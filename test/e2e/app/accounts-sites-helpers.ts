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

export async function addFirstAccount(page: Page, server: RunningReferenceServer, label = 'Agency'): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to Site Manager' })).toBeVisible()
  await fillAccountForm(page, server, label)
  await page.getByRole('button', { name: 'Add account' }).click()
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

/** Light and dark screenshots of what is on screen, saved as test artifacts. */
export async function screenshotBothThemes(page: Page, path: (name: string) => string, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    // Let colour transitions finish so the picture shows the theme, not a blend.
    await page.waitForTimeout(250)
    await page.screenshot({ path: path(`${name}-${colorScheme}.png`) })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

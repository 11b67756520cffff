// Helpers for the tags and events e2e specs: add an account the way a person does, and read
// the reference server directly (over loopback HTTP, with the account's token) to know what
// the app ought to show.
import { expect, type Page } from '@playwright/test'
import type { Page as ApiPage, Site, SiteEvent, Tag } from '../../../src/shared'
import type { RunningReferenceServer } from '../../../src/reference-server'

export async function addAccountFromWelcome(page: Page, server: RunningReferenceServer, label = 'Agency'): Promise<void> {
  await page.getByLabel('Label').fill(label)
  await page.getByLabel('API address').fill(server.baseUrl)
  await page.getByLabel('Token', { exact: true }).fill(server.tokens[0]!)
  await page.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
}

export async function apiGet<T>(server: RunningReferenceServer, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${server.tokens[0]}`, Accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
  return (await response.json()) as T
}

/** Every item of a list, paged by number (never by links: spec 2.4 rule 4). */
export async function apiAll<T>(server: RunningReferenceServer, path: string): Promise<T[]> {
  const items: T[] = []
  for (let page = 1; ; page++) {
    const body = await apiGet<ApiPage<T>>(server, `${path}?page=${page}`)
    items.push(...body.data)
    if (page >= body.meta.last_page) return items
  }
}

export const apiTags = (server: RunningReferenceServer) => apiAll<Tag>(server, '/tags')
export const apiSites = (server: RunningReferenceServer) => apiAll<Site>(server, '/sites')
export const apiEventsPage = (server: RunningReferenceServer, page: number, siteId?: number) =>
  apiGet<ApiPage<SiteEvent>>(server, `${siteId === undefined ? '/logs' : `/sites/${siteId}/logs`}?page=${page}`)

/** Light and dark screenshots of what is on screen, saved as test artifacts. */
export async function screenshotBothThemes(page: Page, path: (name: string) => string, name: string): Promise<void> {
  // Colour transitions would otherwise be caught half way between the themes.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.screenshot({ path: path(`${name}-light.png`) })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: path(`${name}-dark.png`) })
  await page.emulateMedia({ colorScheme: 'light' })
}

// Helpers for the tags and events e2e specs: add an account the way a person does, and read
// the reference server directly (over loopback HTTP, with the account's token) to know what
// the app ought to show.
import type { Page as ApiPage, Site, Tag } from '../../../src/shared'
import type { RunningReferenceServer } from '../../../src/reference-server'

/** The welcome screen's "Add account", done as in the accounts specs. */
export { addFirstAccount as addAccountFromWelcome } from './accounts-sites-helpers'

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

// Where a site's page is. A site id only means something within its account, so a link to a
// site of any account but the active one names its account (`/sites/5?account=…`); the site
// page then reads and acts on that account without changing the active one or the scope.
import type { RouteLocationRaw } from 'vue-router'

export function siteLocation(siteId: number, accountId: string | null, activeAccountId: string | null, allScope = false): RouteLocationRaw {
  const named = accountId !== null && (allScope || accountId !== activeAccountId)
  return named ? { name: 'site', params: { id: String(siteId) }, query: { account: accountId } } : { name: 'site', params: { id: String(siteId) } }
}

/** The same as an address ("/sites/5?account=a1"), for places that take a path. */
export function siteHref(siteId: number, accountId: string | null, activeAccountId: string | null, allScope = false): string {
  const named = accountId !== null && (allScope || accountId !== activeAccountId)
  return named ? `/sites/${siteId}?account=${encodeURIComponent(accountId)}` : `/sites/${siteId}`
}

// A site of a scope's whole list with its account: what the views that still count over every
// site of the scope (the Overview's figures, the events feed's site filter) are given, until
// their figures come from core too. Sites keep their own id; the key names them anywhere.
import type { Site } from '../../../shared'
import type { RowKey } from '../../../shared/scope'

export interface ScopeSite extends Site {
  key: RowKey
  accountId: string
  accountLabel: string
  /** The site's id in its account (the same as `id`). */
  siteId: number
}

/** Is this a site of a scope's list, with its account (rather than a plain site)? */
export function isAccountSite(site: Site): site is ScopeSite {
  return typeof (site as Partial<ScopeSite>).accountId === 'string'
}

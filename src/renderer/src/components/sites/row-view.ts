// What a table row shows that takes work to derive from its site (parsing the address,
// shortening versions, choosing the tag chips, the exact time of the last check): derived the
// first time the site is shown and kept with the site object, so a row that comes back while
// the search is typed costs nothing more. A snapshot's site objects are never changed (a
// change is a new object), so nothing kept goes stale; a site no longer referenced lets its
// entry go (WeakMap). A row holds only its shown columns' fields (SiteCells): a field it was
// not sent reads as not known.
import { shownTagCount, type SiteCells, type TagRef } from '../../../../shared'
import { formatDate, formatExactTime, formatNumber, hostOf, shortSoftware } from '../../lib/format'
import { isHttpUrl } from '../../lib/validate'

export interface RowView {
  host: string
  /**
   * The address and admin address as link targets, only when they are http(s): an address
   * the API returned as "javascript:…" or "file:…" is shown as text, never made a link.
   */
  siteHref: string | null
  adminHref: string | null
  statusOk: boolean
  updates: string
  mysql: string
  web: string
  shownTags: readonly TagRef[]
  hiddenTags: number
  tagsTitle: string
  exactCheck: string | undefined
  created: string
}

const views = new WeakMap<SiteCells, RowView>()

export function rowView(site: SiteCells): RowView {
  let view = views.get(site)
  if (view === undefined) {
    const tags = site.tags ?? []
    const names = tags.map((t) => t.name)
    // The chips the row shows (shared/tag-chips.ts): core sizes the Tags column by the same rule.
    const shown = shownTagCount(names)
    const url = site.url ?? ''
    view = {
      // "www." says nothing that tells sites apart; the link and its title keep the whole address.
      host: hostOf(url).replace(/^www\./i, ''),
      siteHref: isHttpUrl(url) ? url.trim() : null,
      adminHref: site.admin_url && isHttpUrl(site.admin_url) ? site.admin_url.trim() : null,
      statusOk: (site.status ?? '').trim().toLowerCase() === 'ok',
      updates: formatNumber(site.updates_count ?? 0),
      mysql: site.server?.mysql ? shortSoftware(site.server.mysql) : '—',
      web: site.server?.web ? shortSoftware(site.server.web) : '—',
      shownTags: tags.slice(0, shown),
      hiddenTags: tags.length - shown,
      tagsTitle: names.join(', '),
      exactCheck: site.last_check_at ? formatExactTime(site.last_check_at) : undefined,
      created: site.created_at ? formatDate(site.created_at) : '',
    }
    views.set(site, view)
  }
  return view
}

// What the Sites table's rows show beyond the site's own fields, made once and kept: each row's
// view (row-view.ts), worst health finding and link to its site's page, made once per row
// object; each account's label and colour for the Account column, once per accounts list;
// Last check's "5 minutes ago", once per time until the clock ticks.
import { computed } from 'vue'
import { useRouter } from 'vue-router'
import type { TableRow, TableSite } from '../../../../../shared/sites-query'
import { accountColours, avatarColour } from '../../../lib/account-colour'
import { formatPastRelative } from '../../../lib/format'
import { siteHref } from '../../../lib/site-link'
import { useNow } from '../../../composables/useNow'
import { useAccountsStore } from '../../../stores/accounts'
import { healthCell, type HealthCellView } from '../../health/health-look'
import { rowView, type RowView } from '../row-view'

/** A fetched row and what the table shows of it. */
export interface Row {
  row: TableRow
  site: TableSite
  view: RowView
  /** Its worst health finding (core/health), null when none. */
  health: HealthCellView | null
  href: string
}

export function useRowCells(options: { showAccount: () => boolean }) {
  const now = useNow()
  const router = useRouter()
  const accounts = useAccountsStore()

  // Last check's "5 minutes ago" per time, kept until the clock ticks: rows that come back while
  // the search is typed do not format their times again.
  let relativeAt = now.value
  const relativeTexts = new Map<string, string>()
  function lastCheckText(iso: string): string {
    if (relativeAt !== now.value) {
      relativeAt = now.value
      relativeTexts.clear()
    }
    let text = relativeTexts.get(iso)
    if (text === undefined) relativeTexts.set(iso, (text = formatPastRelative(iso, now.value)))
    return text
  }

  const rowsByRow = new WeakMap<TableRow, Row>()
  function rowOf(row: TableRow): Row {
    let made = rowsByRow.get(row)
    if (made === undefined) {
      // Every row links to its site in its own account. The history makes the address (what
      // router.resolve ends with): resolving a route per row cost more than the rest of the row.
      const href = router.options.history.createHref(siteHref(row.site.id, row.accountId, accounts.activeAccountId, options.showAccount()))
      rowsByRow.set(row, (made = { row, site: row.site, view: rowView(row.site), health: healthCell(row.health), href }))
    }
    return made
  }

  /** Each account's label, for the Account column. */
  const accountLabels = computed(() => new Map(accounts.accounts.map((a) => [a.id, a.label])))

  /** Each account's avatar colour, for the Account column (once per accounts list, not per row). */
  const accountColour = computed(() => {
    const keys = accountColours(accounts.accounts)
    return new Map(accounts.accounts.map((a) => [a.id, avatarColour(keys.get(a.id))]))
  })
  function accountColourOf(accountId: string): string {
    return accountColour.value.get(accountId) ?? 'var(--neutral-soft)'
  }

  return { rowOf, lastCheckText, accountLabels, accountColourOf }
}

// The filterable values of every row of a scope as numbers: each distinct PHP, MySQL, web
// server, status and tag is given a number once, so a filter check or a facet count is an
// array read instead of a string compare or a Map lookup per site. Made the first time a
// filter other than the search is set or facets are asked for, then kept with the rows.
import { keyOf, type Site, type TagKey } from '../../shared'
import { UNKNOWN_VALUE } from '../../shared/sites-query'
import type { ScopeRows } from './scope-rows'

/** One filter's values: each row's value as a number, and the value of each number. */
export interface ValueColumn {
  values: string[]
  ids: Int32Array
  /** The number of a value; undefined when no row has it. */
  idOf: ReadonlyMap<string, number>
}

export interface RowColumns {
  php: ValueColumn
  mysql: ValueColumn
  web: ValueColumn
  status: ValueColumn
  /** Every tag of the scope by number: the accounts' tags first, then any a site names that its account's list lacks. */
  tagKeys: TagKey[]
  tagNames: string[]
  /** Each tag's account, as its place in the scope. */
  tagAccount: Int32Array
  tagIdOf: ReadonlyMap<TagKey, number>
  /** A row's tags are tagSlots[tagStarts[row] .. tagStarts[row + 1]). */
  tagStarts: Int32Array
  tagSlots: Int32Array
  hasUpdates: Uint8Array
  neverChecked: Uint8Array
}

/** A site's value for a server facet: UNKNOWN_VALUE when the server did not say. */
export function serverValue(site: Site, facet: 'php' | 'mysql' | 'web'): string {
  return site.server[facet] || UNKNOWN_VALUE
}

function valueColumn(rows: ScopeRows, valueOf: (site: Site) => string): ValueColumn {
  const values: string[] = []
  const idOf = new Map<string, number>()
  const ids = new Int32Array(rows.size)
  for (let row = 0; row < rows.size; row++) {
    const value = valueOf(rows.site(row))
    let id = idOf.get(value)
    if (id === undefined) {
      id = values.length
      values.push(value)
      idOf.set(value, id)
    }
    ids[row] = id
  }
  return { values, ids, idOf }
}

function buildColumns(rows: ScopeRows): RowColumns {
  const tagKeys: TagKey[] = []
  const tagNames: string[] = []
  const tagAccounts: number[] = []
  const tagIdOf = new Map<TagKey, number>()
  const slotOf = (a: number, tagId: number, name: string): number => {
    const key = keyOf(rows.accounts[a]!.accountId, tagId)
    let slot = tagIdOf.get(key)
    if (slot === undefined) {
      slot = tagKeys.length
      tagKeys.push(key)
      tagNames.push(name)
      tagAccounts.push(a)
      tagIdOf.set(key, slot)
    }
    return slot
  }
  rows.accounts.forEach((account, a) => {
    for (const tag of account.tags) slotOf(a, tag.id, tag.name)
  })
  const tagStarts = new Int32Array(rows.size + 1)
  const slots: number[] = []
  const hasUpdates = new Uint8Array(rows.size)
  const neverChecked = new Uint8Array(rows.size)
  for (let row = 0; row < rows.size; row++) {
    const site = rows.site(row)
    const a = rows.rowAccount[row]!
    for (const tag of site.tags) slots.push(slotOf(a, tag.id, tag.name))
    tagStarts[row + 1] = slots.length
    hasUpdates[row] = (site.updates_count ?? 0) > 0 ? 1 : 0
    neverChecked[row] = site.last_check_at === null ? 1 : 0
  }
  return {
    php: valueColumn(rows, (site) => serverValue(site, 'php')),
    mysql: valueColumn(rows, (site) => serverValue(site, 'mysql')),
    web: valueColumn(rows, (site) => serverValue(site, 'web')),
    status: valueColumn(rows, (site) => site.status),
    tagKeys,
    tagNames,
    tagAccount: Int32Array.from(tagAccounts),
    tagIdOf,
    tagStarts,
    tagSlots: Int32Array.from(slots),
    hasUpdates,
    neverChecked,
  }
}

export function rowColumns(rows: ScopeRows): RowColumns {
  return rows.derive('columns', () => buildColumns(rows))
}

// Reading rows beyond the Sites window's kept blocks (stores/site-window.ts): a range of the
// query's rows (a Shift-click over rows not fetched) and the rows a selection names (what acts
// on a selection reads them when it runs). Core is asked through the function handed in, page
// by page within its limits, so this stays pure and the store stays the one that calls core.
import type { Result } from '../../../shared'
import { EMPTY_FILTER, MAX_QUERY_KEYS, MAX_QUERY_ROWS, type SiteSelection, type SitesPage, type SitesQuery, type TableRow } from '../../../shared/sites-query'
import type { WindowQuery } from './window-blocks'

/** Asks core for rows [offset, offset + limit) of the window's current query. */
export type AskRange = (offset: number, limit: number) => Promise<Result<SitesPage>>
/** Asks core one `sites:query`. */
export type AskQuery = (query: SitesQuery) => Promise<Result<SitesPage>>

/**
 * The rows [from, to): those kept from `kept`, the rest from core. Null when an answer failed
 * or the query changed meanwhile (`current` false after an answer).
 */
export async function readRange(
  from: number,
  to: number,
  kept: (index: number) => TableRow | undefined,
  ask: AskRange,
  current: () => boolean,
): Promise<TableRow[] | null> {
  const out: TableRow[] = []
  let index = from
  while (index < to) {
    const row = kept(index)
    if (row) {
      out.push(row)
      index++
      continue
    }
    const limit = Math.min(MAX_QUERY_ROWS, to - index)
    const result = await ask(index, limit)
    if (!current() || !result.ok) return null
    if (result.value.rows.length === 0) break
    out.push(...result.value.rows)
    index += result.value.rows.length
  }
  return out
}

/**
 * The rows a selection names, in the query's order, page by page: a selection of keys
 * (whatever the search) or every row the query matches but the exceptions. No column is named,
 * so each row's site holds only what a row's actions read (id, name, addresses), not the whole
 * site: acting on 50,000 selected rows reads a few MB less.
 */
export async function readSelection(q: WindowQuery, selection: SiteSelection, ask: AskQuery): Promise<Result<TableRow[]>> {
  const out: TableRow[] = []
  if (selection.kind === 'keys') {
    for (let at = 0; at < selection.keys.length; at += MAX_QUERY_KEYS) {
      const keys = selection.keys.slice(at, at + MAX_QUERY_KEYS)
      for (let offset = 0; offset < keys.length; offset += MAX_QUERY_ROWS) {
        const result = await ask({ scope: [...q.scope], filter: EMPTY_FILTER, sort: [...q.sort], offset, limit: MAX_QUERY_ROWS, keys, columns: [] })
        if (!result.ok) return result
        out.push(...result.value.rows)
        if (result.value.rows.length < MAX_QUERY_ROWS) break
      }
    }
    return { ok: true, value: out }
  }
  const except = new Set(selection.except)
  for (let offset = 0; ; offset += MAX_QUERY_ROWS) {
    const result = await ask({ scope: [...q.scope], filter: q.filter, sort: [...q.sort], offset, limit: MAX_QUERY_ROWS, columns: [] })
    if (!result.ok) return result
    for (const row of result.value.rows) if (!except.has(row.key)) out.push(row)
    if (result.value.rows.length < MAX_QUERY_ROWS || offset + MAX_QUERY_ROWS >= result.value.total) break
  }
  return { ok: true, value: out }
}

// The list envelope of spec 2.4, with the arithmetic of Laravel's LengthAwarePaginator:
// an empty list has from/to null and last_page 1; an out-of-range page keeps the page asked
// for, has data [], from/to null, a prev link and no next link.
import type { Page } from '../shared'

/** Laravel's resolveCurrentPage: anything that is not an integer >= 1 means page 1. */
export function parsePageParameter(raw: string | null): number {
  if (raw === null) return 1
  const text = raw.trim()
  if (!/^[+-]?\d+$/.test(text)) return 1
  const page = Number(text)
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}

/** `path` is the absolute address of the list without query. */
export function paginate<T>(items: readonly T[], page: number, perPage: number, path: string): Page<T> {
  const total = items.length
  const lastPage = Math.max(Math.ceil(total / perPage), 1)
  const data = items.slice((page - 1) * perPage, page * perPage)
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null
  const to = from !== null ? from + data.length - 1 : null
  const url = (n: number) => `${path}?page=${n}`
  return {
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: page > 1 ? url(page - 1) : null,
      next: page < lastPage ? url(page + 1) : null,
    },
    meta: { current_page: page, from, last_page: lastPage, per_page: perPage, to, total, path },
  }
}

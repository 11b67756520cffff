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

/**
 * What paginate reads: an array, or a view that cuts one page out of a list without building
 * the rest (see newestFirst). `slice` follows Array.prototype.slice for 0 <= start <= end.
 */
export interface PageSource<T> {
  readonly length: number
  slice(start: number, end: number): T[]
}

/** A view of a list kept oldest first, read newest first, without copying or sorting it. */
export function newestFirst<T>(oldestFirst: readonly T[]): PageSource<T> {
  const length = oldestFirst.length
  return {
    length,
    slice(start, end) {
      const items: T[] = []
      for (let index = Math.max(start, 0); index < Math.min(end, length); index++) {
        items.push(oldestFirst[length - 1 - index] as T)
      }
      return items
    },
  }
}

/**
 * `path` is the absolute address of the list without query. Only the page's own items go
 * through `convert` (the wire format), so a page costs the same whatever the list's length.
 */
export function paginate<T>(items: PageSource<T>, page: number, perPage: number, path: string): Page<T>
export function paginate<T, W>(items: PageSource<T>, page: number, perPage: number, path: string, convert: (item: T) => W): Page<W>
export function paginate<T, W>(
  items: PageSource<T>,
  page: number,
  perPage: number,
  path: string,
  convert?: (item: T) => W,
): Page<T | W> {
  const total = items.length
  const lastPage = Math.max(Math.ceil(total / perPage), 1)
  // An out-of-range page asks for a slice past the end: empty, and nothing is converted.
  const start = Math.min((page - 1) * perPage, total)
  const pageItems = items.slice(start, Math.min(start + perPage, total))
  const data: (T | W)[] = convert ? pageItems.map(convert) : pageItems
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

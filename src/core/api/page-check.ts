// Checks that a list envelope (spec 2.4) says one consistent thing about where it stands: the
// page asked for, counts that add up, and links that agree with meta and move forward. The
// pager stops on these facts, so a server that contradicts itself is stopped here, with an
// error, instead of sending the app round in circles. Links are server-chosen addresses whose
// query may carry anything (even the token, echoed by a broken server), so messages describe
// them (which page they name) and never quote them.
import type { Page } from '../../shared'
import { AppErrorException } from '../errors'

function pageParameter(link: string): number | undefined {
  try {
    const raw = new URL(link).searchParams.get('page')
    return raw !== null && /^\d+$/.test(raw) ? Number(raw) : undefined
  } catch {
    return undefined
  }
}

/** The first contradiction in the envelope, in words, or undefined when it adds up. */
export function pageContradiction<T>(page: Page<T>, askedPage: number): string | undefined {
  const { meta, links, data } = page
  if (meta.current_page !== askedPage) {
    return `page ${askedPage} was asked for but meta.current_page is ${meta.current_page} (the server may ignore the page parameter)`
  }
  if (data.length > meta.per_page) return `the page holds ${data.length} items but meta.per_page is ${meta.per_page}`
  const expectedLastPage = Math.max(1, Math.ceil(meta.total / meta.per_page))
  if (meta.last_page !== expectedLastPage) {
    return `meta.last_page is ${meta.last_page} but ${meta.total} items at ${meta.per_page} per page make ${expectedLastPage}`
  }
  if (data.length > 0) {
    const from = (meta.current_page - 1) * meta.per_page + 1
    if (meta.from !== from || meta.to !== from + data.length - 1) {
      return `meta.from/to are ${meta.from}/${meta.to} but page ${meta.current_page} with ${data.length} items runs from ${from} to ${from + data.length - 1}`
    }
    if (from + data.length - 1 > meta.total) return `the page reaches item ${from + data.length - 1} of only ${meta.total}`
  } else if (meta.current_page < meta.last_page) {
    return `page ${meta.current_page} of ${meta.last_page} is empty`
  }
  const hasNext = meta.current_page < meta.last_page
  if (hasNext !== (links.next !== null)) {
    return hasNext
      ? `meta says page ${meta.current_page} of ${meta.last_page} but links.next is null`
      : 'meta says this is the last page but links.next still names a next page'
  }
  if (links.next !== null) {
    const next = pageParameter(links.next)
    if (next === undefined) return `links.next names no page number, so it does not lead past page ${meta.current_page}`
    if (next <= meta.current_page) return `links.next names page ${next}, so it does not lead past page ${meta.current_page}`
  }
  return undefined
}

export function checkPage<T>(page: Page<T>, askedPage: number, what: string, status: number): Page<T> {
  const contradiction = pageContradiction(page, askedPage)
  if (contradiction !== undefined) {
    throw new AppErrorException({
      code: 'bad_response',
      status,
      message: `The server's answer for ${what} contradicts itself: ${contradiction}. Try again later; if it stays, tell the server's administrator.`,
    })
  }
  return page
}

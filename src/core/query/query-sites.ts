// The engine as one function over plain account data, for callers that hold their accounts
// themselves (the renderer tests' in-memory core answers sites:query through it): the scope's
// accounts are picked from `accounts`, and an account it names that is not there is not_found.
import type { SitesPage, SitesQuery } from '../../shared'
import { appError } from '../errors'
import type { QueryAccount } from './scope-rows'
import { rowsDigest } from './rows-digest'
import { SearchWarmer } from './search-warmer'
import { siteListIndex } from './site-list-index'
import { SitesQueryEngine } from './sites-query-engine'

/** The process's one engine: core's channels and exports ask it, so its caches are kept once. */
const engine = new SitesQueryEngine()
/** Makes each answered scope's search keys ahead of its first search. */
const warmer = new SearchWarmer()

/** The scope's accounts in its order; throws not_found naming every account of it that is missing. */
export function scopeAccounts<A extends { accountId: string }>(accounts: readonly A[], scope: readonly string[]): A[] {
  const byId = new Map(accounts.map((account) => [account.accountId, account]))
  const missing = scope.filter((accountId) => !byId.has(accountId))
  if (missing.length > 0) throw missingAccounts(missing)
  return scope.map((accountId) => byId.get(accountId)!)
}

export function missingAccounts(missing: readonly string[]) {
  const list = missing.join(', ')
  return appError({
    code: 'not_found',
    message:
      missing.length === 1
        ? `The account ${list} does not exist; it may have been removed.`
        : `These accounts do not exist; they may have been removed: ${list}.`,
  })
}

/**
 * The page, with a digest of its rows; asked with the digest of the rows the asker holds and
 * they are the same, without the rows (a window asking again after a change off its screen).
 */
export function querySites(accounts: readonly QueryAccount[], query: SitesQuery): SitesPage {
  const scope = scopeAccounts(accounts, query.scope)
  const page = engine.query(scope, query)
  // The rows are answered: the first search of this scope need not make every key then.
  warmer.warm(scope.map((account) => siteListIndex(account.sites)))
  const digest = rowsDigest(page.rows)
  if (query.unlessDigest === digest) return { ...page, rows: [], digest, unchanged: true }
  return { ...page, digest }
}

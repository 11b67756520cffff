// A scope's accounts as core/query reads them (each one's stored list, tags, revision and
// health findings, with its label), for every channel that answers over the Sites view's query:
// the rows themselves, an export, a bulk delete. Every account must exist (check-scope.ts).
import type { QueryAccount } from '../query'
import { readInSlices } from '../util/time-slicer'
import { checkScope } from './check-scope'
import type { ChannelContext } from './context'

/** The scope's accounts, in its order, once every one is known to exist. */
export async function scopeQueryAccounts(ctx: Pick<ChannelContext, 'accounts' | 'workspace' | 'siteFindings'>, scope: readonly string[]): Promise<QueryAccount[]> {
  const { accounts, workspace, siteFindings } = ctx
  const records = await checkScope(accounts, scope)
  // A cold account's list and findings take 50-200 ms to read: a request (on a launch, the page
  // itself) gets a turn between two accounts instead of waiting behind all of All accounts.
  return readInSlices(scope, (accountId, at) => ({
    accountId,
    label: records[at]!.label,
    sites: workspace.sites(accountId),
    tags: workspace.tags(accountId),
    revision: workspace.revision(accountId),
    ...(siteFindings ? { health: siteFindings(accountId) } : {}),
  }))
}

// export:sites and export:events: a view's sites or a feed's events written by core, row by
// row, to the file (core/export): where the person chose (desktop) or a one-time download
// (web shell). Every account of the scope must exist; the rows are what the Sites view's query
// and the events feed's query match at the moment the export begins.
import type { ChannelHandlers } from '../../shared'
import { counting, eventLines, exportFileName, queryRows, runExport, siteLines, storedEvents, type ExportDelivery } from '../export'
import { checkScope } from './check-scope'
import type { ChannelContext } from './context'
import { handle } from './handle'
import { scopeQueryAccounts } from './scope-accounts'

export function exportChannels(ctx: ChannelContext, delivery: ExportDelivery): Pick<ChannelHandlers, 'export:sites' | 'export:events'> {
  const { accounts, workspace } = ctx

  /** The scope's account labels by id, once every account is known to exist. */
  async function labelsOf(scope: readonly string[]): Promise<Map<string, string>> {
    return new Map((await checkScope(accounts, scope)).map((account) => [account.id, account.label]))
  }

  return {
    'export:sites': handle('export:sites', async ({ query, except, columns, format }) => {
      const accounts = await scopeQueryAccounts(ctx, query.scope)
      const labels = new Map(accounts.map((account) => [account.accountId, account.label]))
      const rows = counting(queryRows(accounts, query, except))
      const lines = siteLines(rows.items, {
        columns,
        format,
        accountLabel: (accountId) => labels.get(accountId) ?? '',
        severalAccounts: query.scope.length > 1,
      })
      return runExport(delivery, exportFileName('sites', [...labels.values()], format), lines, rows.count)
    }),

    'export:events': handle('export:events', async (query) => {
      const labels = await labelsOf(query.scope)
      const events = counting(storedEvents(workspace, query))
      const lines = eventLines(events.items, { severalAccounts: query.scope.length > 1, accountLabel: (accountId) => labels.get(accountId) ?? '' })
      return runExport(delivery, exportFileName('events', [...labels.values()], 'csv'), lines, events.count)
    }),
  }
}

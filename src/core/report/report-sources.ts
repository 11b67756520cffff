// What a report reads, named so the model can be computed over any store in a test: the
// scope's accounts as the query engine reads them (with when each was added), the workspace
// store's public reads, and health's per-site answer.
import type { SiteHealth } from '../../shared/health'
import type { QueryAccount } from '../query'
import type { WorkspaceStore } from '../store/workspace-store'

export interface ReportAccount extends QueryAccount {
  /** ISO time the account was added to the app. */
  createdAt: string
}

export interface ReportSources {
  /** The scope's accounts, in the scope's order; every one exists. */
  accounts: readonly ReportAccount[]
  workspace: Pick<WorkspaceStore, 'queryEvents' | 'siteHistory' | 'syncMeta'>
  /** One site's health as health:site answers it; null where health is not running. */
  health: (accountId: string, siteId: number) => SiteHealth | null
  /** The time "now" is (the pending updates and end-of-life status are as of the earlier of this and the period's end). */
  nowMs: number
}

// What the channel handlers need from core, passed in by createCore.
import type { AppNotice } from '../../shared'
import type { AccountClients, AccountStore } from '../accounts'
import type { DemoWorkspace } from '../demo'
import type { SiteFindings } from '../health/site-findings'
import type { WorkspaceStore } from '../store/workspace-store'
import type { SyncEngineApi } from '../sync/sync-engine-api'
import type { PushEmitter } from '../util/push-emitter'

export interface ChannelContext {
  /** Who the accounts are, and their tokens (accounts.json and the keychain). */
  accounts: AccountStore
  clients: AccountClients
  demo: DemoWorkspace
  events: PushEmitter
  /** The local copy of every account (SQLite). */
  workspace: WorkspaceStore
  sync: SyncEngineApi
  /** Sentences for the user that belong to no call, for windows that open later. */
  notices: () => AppNotice[]
  /** Each account's health findings by site (core/health), for the Sites query; absent: none. */
  siteFindings?: (accountId: string) => SiteFindings
  /** Keeps a created site's look-for text for its health checks (the API never gives it back). */
  keepLookFor?: (accountId: string, siteId: number, text: string) => void
  /** When the last health check of these accounts ended; null before any. */
  healthCheckedAt?: (accountIds: readonly string[]) => string | null
  /** Settles when start-up work (opening the demo with --demo) is done, failed or not. */
  ready: Promise<void>
}

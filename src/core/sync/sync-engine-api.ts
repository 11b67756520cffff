// What the rest of core (channels, create-core, the demo) asks of the sync engine. The engine
// is the only part of core that reads lists from the network (DESIGN.md, "How data flows").
import type { Site, SyncState, Tag } from '../../shared'

export interface SyncEngineApi {
  /** Syncs every account once now, then each on the interval. */
  start(): void
  /** Syncs the account now, or joins the sync under way (single-flight per account). */
  syncNow(accountId: string): Promise<SyncState>
  /** Cancels the account's sync under way; the previous snapshot stays whole. */
  cancel(accountId: string): Promise<void>
  /** GET /sites/:id and the newest pages of /sites/:id/logs into the store; answers the site. */
  syncSite(accountId: string, siteId: number): Promise<Site>
  /** New events are likely (the demo's monitoring recorded some): an incremental events sync soon. */
  syncEventsSoon(accountId: string): void
  state(accountId: string): SyncState
  states(): SyncState[]

  /** After POST /sites answered: reads the site back (the create answer lacks tags and updates_count), stores it, syncs. */
  siteCreated(accountId: string, created: Site): Promise<Site>
  siteDeleted(accountId: string, siteId: number): void
  tagCreated(accountId: string, tag: Tag): void
  tagDeleted(accountId: string, tagId: number): void

  /** Cancels the account's work and deletes its rows. */
  accountRemoved(accountId: string): Promise<void>
  /** Cancels the work under the old token; a sync with the new one follows. */
  tokenReplaced(accountId: string): Promise<void>
  /** A new account (or the demo) appeared: its first sync starts. */
  accountAdded(accountId: string): void

  setIntervalMinutes(minutes: number): void
  /** The user is working (a channel call): background backfill pauses for a moment. */
  noteUserActivity(): void
  dispose(): Promise<void>
}

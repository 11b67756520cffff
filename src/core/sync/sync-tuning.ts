// The engine's numbers, in one place; tests shrink the delays.
export interface SyncTuning {
  /** Pages of GET /logs an account's first sync reads (15 events each); older ones are backfilled. */
  firstSyncEventPages: number
  /** Pages of GET /logs a later sync reads at most before leaving the rest to the backfill. */
  maxIncrementalEventPages: number
  /** Pages of GET /sites/:id/logs a refresh of one site reads at most. */
  siteEventPages: number
  /** 'sync:state' progress pushes at most this often. */
  progressIntervalMs: number
  /** The backfill waits this long after the person's last action. */
  backfillPauseMs: number
  /** syncEventsSoon gathers calls this long into one events sync. */
  eventsSoonDelayMs: number
  /** The backfill's 'workspace:changed' pushes at most this often. */
  backfillPushIntervalMs: number
  /** 'events:new' carries this many events at most (the newest). */
  maxPushedEvents: number
  /** A sync stopped by a rate limit that named no time goes on by itself after this (one window). */
  rateLimitedResumeMs: number
}

export const SYNC_TUNING: SyncTuning = {
  firstSyncEventPages: 10,
  maxIncrementalEventPages: 100,
  siteEventPages: 10,
  // Four steps a second reads as a moving bar; at ten, a 10,000-site sync's progress alone sent
  // the window about 50 KB (bench: window-open, BENCH_FRAMES=2).
  progressIntervalMs: 250,
  backfillPauseMs: 2_000,
  eventsSoonDelayMs: 250,
  backfillPushIntervalMs: 1_000,
  maxPushedEvents: 200,
  rateLimitedResumeMs: 60_000,
}

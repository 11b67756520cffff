// The sync engine room of core: copies every account into the workspace store.
export type { SyncEngineApi } from './sync-engine-api'
export { SyncEngine, DEFAULT_INTERVAL_MINUTES, type SyncEngineOptions, type AccountDirectory } from './sync-engine'
export type { AccountRunner } from './account-sync'
export { realSyncClock, type SyncClock } from './sync-clock'
export { SYNC_TUNING, type SyncTuning } from './sync-tuning'

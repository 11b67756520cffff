// How an account's sync state reads, the same beside a view's title and in Settings.
import type { SyncState } from '../../../shared'
import { formatNumber, formatSyncedAgo } from './format'

/** Pages read of how many, for a sync long enough to be worth a bar (more than one page). */
export function syncProgress(state: SyncState | null): { done: number; total: number } | null {
  const p = state?.status === 'syncing' ? state.progress : null
  if (!p || p.total === null || p.total <= 1) return null
  return { done: Math.min(p.done, p.total), total: p.total }
}

/** "Syncing 240 of 667 pages", "Syncing…", "Synced 3 minutes ago", "Never synced". */
export function syncText(state: SyncState | null, syncing: boolean, now: number): string {
  const progress = syncProgress(state)
  if (progress) return `Syncing ${formatNumber(progress.done)} of ${formatNumber(progress.total)} pages`
  if (syncing) return 'Syncing…'
  return state?.lastSyncedAt ? formatSyncedAgo(state.lastSyncedAt, now) : 'Never synced'
}

// How an account's sync state reads, the same beside a view's title and in Settings.
import type { Account, AppError, AppErrorCode, SyncState } from '../../../shared'
import { formatClock, formatNumber, formatSyncedAgo } from './format'

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

/** Why a sync failed, in a few words that follow "Showing data from 10:40: ". */
const FAILURE_REASONS: Partial<Record<AppErrorCode, string>> = {
  network: 'the server cannot be reached',
  timeout: 'the server did not answer in time',
  server: 'the server had a problem',
  rate_limited: 'the server asked the app to slow down',
  bad_response: 'the server gave an answer the app could not read',
  forbidden: 'the server did not allow reading the list',
}

/**
 * The reason a sync failed. A sync the rate limit stopped goes on by itself when the server
 * allows (core schedules it, retryAfterMs from when it failed), so it says when:
 * "the server asked the app to slow down; syncing again at 10:47". `failedAt` is when the
 * failed state arrived (ms since the epoch).
 */
export function syncFailureReason(error: AppError, failedAt: number): string {
  const reason = FAILURE_REASONS[error.code] ?? 'the last sync failed'
  if (error.code !== 'rate_limited' || error.retryAfterMs === undefined) return reason
  return `${reason}; syncing again at ${formatClock(new Date(failedAt + error.retryAfterMs).toISOString(), failedAt)}`
}

/**
 * True when a failure is the token banner's to say (components/layout/TokenBanner.vue, with
 * its way out: a new token, or Retry once the keychain is unlocked), so nothing else on
 * screen may say it again: a refused or missing token ('unauthorized'), or a keychain that
 * cannot be read while the account is known to be in that state.
 */
export function tokenBannerCovers(error: AppError | null | undefined, account: Pick<Account, 'tokenState'> | null | undefined): boolean {
  if (!error) return false
  if (error.code === 'unauthorized') return true
  return error.code === 'keychain_unavailable' && account?.tokenState === 'unavailable'
}

/** One account of a scope as its sync reads: its state and whether a sync of it runs now. */
export interface ScopeSyncEntry {
  state: SyncState | null
  syncing: boolean
}

/**
 * How a scope's sync reads, for every account in it: one account as syncText says; several
 * say how many sync now ("Syncing 2 of 5 accounts…"), that some were never synced, or the
 * oldest sync of them all (every account's data is at least that fresh).
 */
export function scopeSyncText(entries: readonly ScopeSyncEntry[], now: number): string {
  if (entries.length === 1) return syncText(entries[0]!.state, entries[0]!.syncing, now)
  const syncing = entries.filter((e) => e.syncing).length
  if (syncing > 0) return `Syncing ${formatNumber(syncing)} of ${formatNumber(entries.length)} accounts…`
  const oldest = oldestSync(entries)
  if (oldest === undefined) return 'Never synced'
  if (oldest === null) return 'Not every account synced yet'
  return formatSyncedAgo(oldest, now)
}

/** The oldest last sync of the scope; null when an account never synced, undefined when none did. */
export function oldestSync(entries: readonly ScopeSyncEntry[]): string | null | undefined {
  const times = entries.map((e) => e.state?.lastSyncedAt ?? null)
  if (times.every((t) => t === null)) return undefined
  if (times.some((t) => t === null)) return null
  return times.reduce((a, b) => (Date.parse(a!) <= Date.parse(b!) ? a : b))
}

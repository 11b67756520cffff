import { describe, expect, it } from 'vitest'
import { formatClock } from '../../../../src/renderer/src/lib/format'
import { scopeSyncText, syncFailureReason } from '../../../../src/renderer/src/lib/sync-text'
import { syncState } from '../support/fake-api'

describe('syncFailureReason', () => {
  const failedAt = Date.UTC(2026, 0, 1, 10, 40)

  it('says when a sync the rate limit stopped goes on', () => {
    const error = { code: 'rate_limited' as const, message: 'Limited.', retryAfterMs: 7 * 60_000 }
    const at = formatClock(new Date(failedAt + 7 * 60_000).toISOString(), failedAt)
    expect(syncFailureReason(error, failedAt)).toBe(`the server asked the app to slow down; syncing again at ${at}`)
  })

  it('names the reason alone when the rate limit gave no time, and for every other failure', () => {
    expect(syncFailureReason({ code: 'rate_limited', message: 'Limited.' }, failedAt)).toBe('the server asked the app to slow down')
    expect(syncFailureReason({ code: 'network', message: 'Down.' }, failedAt)).toBe('the server cannot be reached')
    expect(syncFailureReason({ code: 'internal', message: '?' }, failedAt)).toBe('the last sync failed')
  })
})

describe('scopeSyncText', () => {
  const now = Date.parse('2025-03-01T10:45:00.000Z')
  const at = (iso: string | null) => ({ state: syncState('x', { lastSyncedAt: iso }), syncing: false })

  it('speaks for every account of the scope: the oldest sync, how many sync now, or that some never did', () => {
    expect(scopeSyncText([at('2025-03-01T10:44:00.000Z')], now)).toBe('Synced 1 minute ago')
    expect(scopeSyncText([at('2025-03-01T10:44:30.000Z'), at('2025-03-01T10:15:00.000Z')], now)).toBe('Synced 30 minutes ago')
    expect(scopeSyncText([at('2025-03-01T10:44:30.000Z'), { ...at(null), syncing: true }, at(null)], now)).toBe('Syncing 1 of 3 accounts…')
    expect(scopeSyncText([at('2025-03-01T10:44:30.000Z'), at(null)], now)).toBe('Not every account synced yet')
    expect(scopeSyncText([at(null), at(null)], now)).toBe('Never synced')
  })
})

import { describe, expect, it } from 'vitest'
import { formatClock } from '../../../../src/renderer/src/lib/format'
import { syncFailureReason } from '../../../../src/renderer/src/lib/sync-text'

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

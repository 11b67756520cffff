import { describe, expect, it } from 'vitest'
import { describeError } from '../../../../src/renderer/src/lib/errors'

describe('describeError', () => {
  it('gives a title, the message, and whether a retry can help', () => {
    expect(describeError({ code: 'network', message: 'Cannot connect to api.example.com.' })).toEqual({
      title: 'Cannot reach the server',
      message: 'Cannot connect to api.example.com.',
      retryable: true,
    })
    expect(describeError({ code: 'not_found', message: 'Gone.' }).retryable).toBe(false)
  })

  it('says when to try again after a rate limit', () => {
    expect(describeError({ code: 'rate_limited', message: 'Too many requests.', retryAfterMs: 2500 }).message).toBe(
      'Too many requests. Try again in 3 s.',
    )
  })
})

// A 403 says why: the reason in the server's body is shown, and a 403 whose reason is the key
// itself (some servers answer a bad key so, instead of 401) is treated as a refused token, so
// the app marks it and offers to replace it as it does for a 401.
import { describe, expect, it } from 'vitest'
import { errorForStatus, reasonRefusesKey, type RequestContext } from '../../../../src/core/api/status-errors'

const ctx: RequestContext = { what: 'the list of sites', collection: true, host: 'api.test', secrets: ['s3cret-token-value'] }

describe('a 403', () => {
  it('whose body says the API key is invalid is a refused token, with the server’s words', () => {
    const error = errorForStatus(403, JSON.stringify({ error: true, msg: 'Invalid API key', status: 403 }), ctx)
    expect(error).toEqual({
      code: 'unauthorized',
      status: 403,
      message: 'The server refused the token (HTTP 403: “Invalid API key”). Enter a new token for this account.',
    })
  })

  it('about rights keeps its code and shows the reason, pointing at a token with those rights', () => {
    const error = errorForStatus(403, JSON.stringify({ message: 'This action is unauthorized.' }), ctx)
    expect(error.code).toBe('forbidden')
    expect(error.status).toBe(403)
    expect(error.message).toBe(
      'The server refused access to the list of sites (HTTP 403: “This action is unauthorized.”). The token may lack the rights for this: replace it in Accounts with one that has them, or ask the server\'s administrator.',
    )
  })

  it('without a readable reason says so plainly', () => {
    expect(errorForStatus(403, '<html>Forbidden</html>', ctx).message).toMatch(/^The server refused access to the list of sites \(HTTP 403\)\. /)
    expect(errorForStatus(403, JSON.stringify({ error: true }), ctx).code).toBe('forbidden')
  })

  it('never shows the token, even when the server repeats it', () => {
    const error = errorForStatus(403, JSON.stringify({ detail: 'Token s3cret-token-value has expired' }), ctx)
    expect(error.code).toBe('unauthorized')
    expect(error.message).not.toContain('s3cret-token-value')
  })
})

describe('reasonRefusesKey', () => {
  it.each(['Invalid API key', 'API key expired', 'Unauthenticated.', 'The token was revoked', 'invalid_token: bad credentials', 'Authentication failed'])(
    'reads “%s” as the key refused',
    (reason) => expect(reasonRefusesKey(reason)).toBe(true),
  )

  it.each(['This action is unauthorized.', 'Forbidden', 'You may not delete sites of this team', 'Keyboard not found'])(
    'reads “%s” as a matter of rights',
    (reason) => expect(reasonRefusesKey(reason)).toBe(false),
  )
})

// A second account with the same API address and the same token is refused, naming the
// account that already has them; the same address with another token is a separate account.
import { afterEach, describe, expect, it } from 'vitest'
import { sameToken } from '../../../../src/core/accounts/duplicate-account'
import { AppErrorException } from '../../../../src/core/errors'
import { failure } from '../api/support/failure'
import { makeAccountStore } from '../support/account-store-fixture'
import { withTempDirs } from '../support/temp-dir'

const dirs = await withTempDirs()
afterEach(async () => {
  await dirs.cleanup()
})

const BASE = 'https://manage.example.com/api/v1'

async function makeStore() {
  const verified: string[] = []
  // Every address and token "work": these tests are about the store's own refusal.
  const fixture = makeAccountStore(await dirs.make(), async (baseUrl, token) => void verified.push(`${baseUrl} ${token}`))
  return { ...fixture, verified }
}

describe('duplicate accounts', () => {
  it('refuses the same address and token, naming the existing account, before any request', async () => {
    const { store, verified } = await makeStore()
    await store.add({ label: 'Agency', baseUrl: BASE, token: 'token-one' })
    verified.length = 0

    // The address written differently (trailing slash, upper-case host) is the same address.
    const error = await failure(store.add({ label: 'Again', baseUrl: 'https://MANAGE.example.com/api/v1/', token: 'token-one' }))

    expect(error.code).toBe('invalid_input')
    expect(error.message).toBe('This address and token are already added as "Agency".')
    expect(error.fields?.token).toEqual([error.message])
    expect(verified).toEqual([])
    expect((await store.list()).accounts.map((a) => a.label)).toEqual(['Agency'])
  })

  it('adds the same address with another token, and another address with the same token', async () => {
    const { store } = await makeStore()
    await store.add({ label: 'Agency', baseUrl: BASE, token: 'token-one' })
    await store.add({ label: 'Agency (second login)', baseUrl: BASE, token: 'token-two' })
    await store.add({ label: 'Other API', baseUrl: 'https://other.example.com/api/v1', token: 'token-one' })
    expect((await store.list()).accounts.map((a) => a.label)).toEqual(['Agency', 'Agency (second login)', 'Other API'])
  })

  it('lets only one of two identical adds sent together through', async () => {
    const { store } = await makeStore()
    const outcomes = await Promise.allSettled([
      store.add({ label: 'First', baseUrl: BASE, token: 'same' }),
      store.add({ label: 'Second', baseUrl: BASE, token: 'same' }),
    ])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    const refused = outcomes.find((o) => o.status === 'rejected')
    expect(refused?.status === 'rejected' && refused.reason instanceof AppErrorException && refused.reason.appError.message).toMatch(
      /already added as "(First|Second)"/,
    )
    expect((await store.list()).accounts).toHaveLength(1)
  })

  it('refuses a new token that would make an account the twin of another, and keeps the old token', async () => {
    const { store, secrets } = await makeStore()
    await store.add({ label: 'Agency', baseUrl: BASE, token: 'token-one' })
    const second = await store.add({ label: 'Shop', baseUrl: BASE, token: 'token-two' })

    const error = await failure(store.replaceToken(second.id, 'token-one'))
    expect(error).toMatchObject({ code: 'invalid_input', message: 'This address and token are already added as "Agency".' })
    expect(await secrets.get(second.id)).toBe('token-two')

    // Its own token again is not a duplicate of itself.
    await expect(store.replaceToken(second.id, 'token-two')).resolves.toMatchObject({ label: 'Shop' })
  })

  it('still adds when a saved token cannot be read (locked entry): there is nothing to compare', async () => {
    const { store, secrets } = await makeStore()
    const first = await store.add({ label: 'Agency', baseUrl: BASE, token: 'token-one' })
    await secrets.delete(first.id)
    await expect(store.add({ label: 'Again', baseUrl: BASE, token: 'token-one' })).resolves.toMatchObject({ label: 'Again' })
  })
})

describe('sameToken', () => {
  it('compares whole tokens, whatever their lengths', () => {
    expect(sameToken('abc', 'abc')).toBe(true)
    expect(sameToken('abc', 'abcd')).toBe(false)
    expect(sameToken('abc', 'abd')).toBe(false)
    expect(sameToken('', '')).toBe(true)
  })
})

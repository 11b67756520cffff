import { describe, expect, it } from 'vitest'
import { AVATAR_HUES, accountColours, avatarColour, hashId, initials } from '../../../../src/renderer/src/lib/account-colour'
import { makeAccount } from '../support/fake-api'

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString()

describe('account colours', () => {
  it('gives the same account the same hue every time, from its id', () => {
    const account = makeAccount('3f0c2a9e-1b2c-4d5e-8f90-a1b2c3d4e5f6')
    const first = accountColours([account]).get(account.id)
    expect(first).toBe((hashId(account.id) % AVATAR_HUES) + 1)
    expect(accountColours([account]).get(account.id)).toBe(first)
  })

  it('gives every account its own hue while there are hues left, and never recolours an older one', () => {
    const accounts = Array.from({ length: AVATAR_HUES }, (_, i) => makeAccount(`account-${i}`, { createdAt: at(i) }))
    const all = accountColours(accounts)
    expect(new Set(all.values()).size).toBe(AVATAR_HUES)
    // Each account keeps the hue it had before the later ones were added.
    for (let n = 1; n <= accounts.length; n++) {
      const some = accountColours(accounts.slice(0, n))
      for (const account of accounts.slice(0, n)) expect(some.get(account.id)).toBe(all.get(account.id))
    }
  })

  it('finds two ids that hash to the same hue a different one each', () => {
    const ids: string[] = []
    for (let i = 0; ids.length < 2; i++) {
      const id = `id-${i}`
      if (ids.length === 0 || hashId(id) % AVATAR_HUES === hashId(ids[0]!) % AVATAR_HUES) ids.push(id)
    }
    const colours = accountColours(ids.map((id, i) => makeAccount(id, { createdAt: at(i) })))
    expect(colours.get(ids[0]!)).not.toBe(colours.get(ids[1]!))
  })

  it('gives the demo workspace its own colour', () => {
    const colours = accountColours([makeAccount('a'), makeAccount('demo', { kind: 'demo' })])
    expect(colours.get('demo')).toBe('demo')
    expect(avatarColour('demo')).toBe('var(--avatar-demo)')
    expect(avatarColour(colours.get('a'))).toMatch(/^var\(--avatar-[1-8]\)$/)
  })

  it('shows up to two initials', () => {
    expect(initials('Agency Europe West')).toBe('AE')
    expect(initials('  blog ')).toBe('B')
    expect(initials('')).toBe('?')
  })
})

// The bridge's first step: the address the shell printed loses its token in place, keeping
// its path, other parameters and fragment, and never becoming an address elsewhere.
import { describe, expect, it } from 'vitest'
import { addressWithoutToken, dropTokenFromAddress, type AddressBar } from '../../../src/web/browser/address-token'

function addressBar(href: string): AddressBar & { replaced: string[] } {
  const replaced: string[] = []
  return {
    replaced,
    location: { href },
    history: {
      state: { position: 3 },
      replaceState(state, _unused, url) {
        expect(state).toEqual({ position: 3 })
        replaced.push(url)
      },
    },
  }
}

describe('the token taken out of the address', () => {
  it('drops only the token: the path, other parameters and the fragment (the view asked for) stay', () => {
    expect(addressWithoutToken('http://127.0.0.1:4100/?token=abcdefghijklmnop#/sites')).toBe('http://127.0.0.1:4100/#/sites')
    expect(addressWithoutToken('http://127.0.0.1:4100/sites/3?tab=2&token=abcdefghijklmnop')).toBe('http://127.0.0.1:4100/sites/3?tab=2')
  })

  it('leaves an address without a token alone (no history change)', () => {
    expect(addressWithoutToken('http://127.0.0.1:4100/#/sites')).toBeNull()
    const bar = addressBar('http://127.0.0.1:4100/#/overview')
    dropTokenFromAddress(bar)
    expect(bar.replaced).toEqual([])
  })

  it('replaces the address in place, with the history state kept', () => {
    const bar = addressBar('http://127.0.0.1:4100/?token=abcdefghijklmnop#/sites')
    dropTokenFromAddress(bar)
    expect(bar.replaced).toEqual(['http://127.0.0.1:4100/#/sites'])
  })

  it('keeps a path that starts with // on the same origin: it never names another host', () => {
    for (const path of ['//evil.example/', '/.//evil.example/', '/\\evil.example/']) {
      const clean = addressWithoutToken(`http://127.0.0.1:4100${path}?token=abcdefghijklmnop`)
      expect(clean, path).not.toBeNull()
      expect(new URL(clean!).origin, path).toBe('http://127.0.0.1:4100')
      expect(clean, path).not.toContain('abcdefghijklmnop')
    }
  })
})

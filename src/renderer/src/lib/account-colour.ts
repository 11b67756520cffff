// Each account's avatar colour: one of a fixed set of hues (styles/tokens.css, --avatar-1 to
// --avatar-8, all readable with the white initials in both themes), picked from a hash of the
// account's id so it stays the same from one start to the next. The demo workspace has its
// own neutral one. Two accounts whose ids hash alike would look the same, so the later added
// one takes the next free hue; adding an account therefore never recolours an existing one.
import type { Account } from '../../../shared'
import { byCodeUnits } from '../../../shared/code-unit-order'

export const AVATAR_HUES = 8

/** FNV-1a over the id's UTF-16 units: small, stable, and spreads similar ids apart. */
export function hashId(id: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

type ColourKey = number | 'demo'

/** The hue number (1 to AVATAR_HUES) of every account, or 'demo', by account id. */
export function accountColours(accounts: readonly Pick<Account, 'id' | 'kind' | 'createdAt'>[]): Map<string, ColourKey> {
  const colours = new Map<string, ColourKey>()
  const taken = new Set<number>()
  const byAge = [...accounts].sort((a, b) => byCodeUnits(a.createdAt, b.createdAt) || byCodeUnits(a.id, b.id))
  for (const account of byAge) {
    if (account.kind === 'demo') {
      colours.set(account.id, 'demo')
      continue
    }
    const start = hashId(account.id) % AVATAR_HUES
    // With more accounts than hues, repeats are unavoidable: the hashed hue it is.
    let hue = start
    for (let step = 0; step < AVATAR_HUES && taken.has(hue); step++) hue = (start + step + 1) % AVATAR_HUES
    taken.add(hue)
    colours.set(account.id, hue + 1)
  }
  return colours
}

/** The CSS colour of an account's avatar, as a custom property of the theme. */
export function avatarColour(key: ColourKey | undefined): string {
  return key === 'demo' ? 'var(--avatar-demo)' : `var(--avatar-${key ?? 1})`
}

/** "Agency Europe" → "AE", "blog" → "B": what the avatar shows. */
export function initials(label: string): string {
  const words = label.trim().split(/\s+/).filter(Boolean)
  return ((words[0]?.[0] ?? '?') + (words[1]?.[0] ?? '')).toUpperCase()
}

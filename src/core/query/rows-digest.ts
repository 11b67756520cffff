// A short digest of a page's rows as they are sent: equal digests mean the same rows, field for
// field, so a window that holds them need not be sent them again. Two 32-bit FNV-1a hashes of
// the rows' JSON (different offsets) make 64 bits, enough that two different screens of rows
// do not meet by chance; no cryptography is asked of it (the asker is the app's own window).
import type { SiteRow } from '../../shared'

const PRIME = 0x01000193

export function rowsDigest(rows: readonly SiteRow[]): string {
  const text = JSON.stringify(rows)
  let a = 0x811c9dc5
  let b = 0x01234567
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    a = Math.imul(a ^ code, PRIME)
    b = Math.imul(b ^ code, PRIME)
  }
  return `${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`
}

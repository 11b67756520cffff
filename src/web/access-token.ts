// The web shell's per-launch secret. Whoever holds it may drive the app, so it is random,
// compared in constant time, and after the first visit it travels only in an HttpOnly cookie
// (the app's scripts never see it: the bridge, the page's first script, takes it out of the
// address before they run).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 32 random bytes, URL-safe: fits in a query string and a cookie without escaping. */
export function createAccessToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A --token given by hand must be long enough to not be guessed and safe in a URL. */
export function isUsableToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{16,256}$/.test(token)
}

/** Constant time whatever the candidate's length: both sides are hashed to equal length first. */
export function tokensMatch(expected: string, candidate: string | null | undefined): boolean {
  if (typeof candidate !== 'string') return false
  const a = createHash('sha256').update(expected).digest()
  const b = createHash('sha256').update(candidate).digest()
  return timingSafeEqual(a, b)
}

/**
 * Cookies ignore ports, so two shells on 127.0.0.1 would overwrite one shared cookie: the
 * name carries the port.
 */
export function tokenCookieName(port: number): string {
  return `site_manager_token_${port}`
}

export function tokenCookie(port: number, token: string): string {
  return `${tokenCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`
}

/** Reads one cookie from a Cookie header; null when absent. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

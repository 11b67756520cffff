// Who may talk to the web shell: a request to this shell's own loopback address that carries
// the launch token (in ?token= or the cookie set from it); a WebSocket additionally needs the
// shell's own Origin, because browsers attach the cookie to sockets opened by any page.
import type { IncomingMessage } from 'node:http'
import { readCookie, tokenCookieName, tokensMatch } from './access-token'
import { TOKEN_PARAM } from './protocol'

export type AccessDecision =
  | { allowed: true; /** the token came in the query: set the cookie (the page drops it from the address) */ fromQuery: boolean }
  | { allowed: false; status: 401 | 403; reason: string }

export interface AccessRules {
  token: string
  port: number
}

export function shellOrigin(port: number): string {
  return `http://127.0.0.1:${port}`
}

function deny(status: 401 | 403, reason: string): AccessDecision {
  return { allowed: false, status, reason }
}

export function checkHttpAccess(req: IncomingMessage, rules: AccessRules): AccessDecision {
  // A foreign Host means the name was pointed at us by someone else (DNS rebinding).
  if (req.headers.host !== `127.0.0.1:${rules.port}`) {
    return deny(403, 'This address is not the web shell\'s own (open it as 127.0.0.1).')
  }
  const query = new URL(req.url ?? '/', shellOrigin(rules.port)).searchParams.get(TOKEN_PARAM)
  if (query !== null) {
    return tokensMatch(rules.token, query)
      ? { allowed: true, fromQuery: true }
      : deny(403, 'The access token in this address is wrong or from an earlier launch.')
  }
  const cookie = readCookie(req.headers.cookie, tokenCookieName(rules.port))
  if (cookie === null) {
    return deny(401, 'An access token is required: open the full address the web shell printed.')
  }
  return tokensMatch(rules.token, cookie)
    ? { allowed: true, fromQuery: false }
    : deny(403, 'The access token is wrong or from an earlier launch: open the address the web shell printed.')
}

/** A WebSocket upgrade: the same token rules, plus exactly the shell's own Origin. */
export function checkSocketAccess(req: IncomingMessage, rules: AccessRules): AccessDecision {
  const access = checkHttpAccess(req, rules)
  if (!access.allowed) return access
  if (req.headers.origin !== shellOrigin(rules.port)) {
    return deny(403, 'Connections from other pages are refused.')
  }
  return access
}

/**
 * A download of a finished export: the same token rules, and a request the shell's own page
 * made (a browser names the site a request comes from; one from any other site is refused even
 * though SameSite already keeps the cookie from it).
 */
export function checkDownloadAccess(req: IncomingMessage, rules: AccessRules): AccessDecision {
  const access = checkHttpAccess(req, rules)
  if (!access.allowed) return access
  const origin = req.headers.origin
  if (origin !== undefined && origin !== shellOrigin(rules.port)) return deny(403, 'Downloads from other pages are refused.')
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return deny(403, 'Downloads from other pages are refused.')
  return access
}

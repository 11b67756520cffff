// The shell serves the page at the address it printed, token and all (no redirect: that cost a
// round trip before anything could load), and sets its HttpOnly cookie on that answer. The
// bridge, the page's first script, then takes the token out of the address bar, before the
// app's scripts run or the router reads the address: it stays out of the history, bookmarks
// and anything the page might pass on, and the app's own scripts never see it.
import { TOKEN_PARAM } from '../protocol'

/** The same address without the token parameter (path, other parameters and fragment kept); null when it has none. */
export function addressWithoutToken(href: string): string | null {
  const url = new URL(href)
  if (!url.searchParams.has(TOKEN_PARAM)) return null
  url.searchParams.delete(TOKEN_PARAM)
  return url.href
}

/** The slice of the page's History and Location this needs (tests pass their own). */
export interface AddressBar {
  location: { href: string }
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void }
}

/**
 * Replaces the address with the token-less one, in place (no navigation, no history entry).
 * The new address is built from the page's own, so it is always of the same origin: whatever
 * path the address had (even one starting with //), it cannot lead anywhere else.
 */
export function dropTokenFromAddress(bar: AddressBar): void {
  const clean = addressWithoutToken(bar.location.href)
  if (clean !== null) bar.history.replaceState(bar.history.state, '', clean)
}

// What the health checks need of a site's address: its host, and whether it is a web address
// at all (a site stored with another kind of address is only checked for reachability).

export function isWebAddress(url: string): boolean {
  return /^https?:\/\//i.test(url.trim())
}

/** The address's host name, or the address itself when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return url
  }
}

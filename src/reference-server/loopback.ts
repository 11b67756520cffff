// The reference server listens on this machine only: it serves demo data and test tokens over
// plain http, so it must never be reachable from the network.

/** Exactly "localhost", an address in 127.0.0.0/8, or the IPv6 loopback ::1 (also as [::1]). */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1' || host === '[::1]') return true
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255)
}

/** The form Node's listen() takes: IPv6 without the brackets a URL needs. */
export function listenAddress(host: string): string {
  return host === '[::1]' ? '::1' : host
}

// Headers on every answer of the web shell. The policy matches the Electron window's (see
// src/main/csp.ts) except connect-src, which names the shell's own socket and nothing else:
// the page reaches the network only through the bridge.
import type { ServerResponse } from 'node:http'
import { contentSecurityPolicy } from '../shared/content-security-policy'

export function webShellContentSecurityPolicy(port: number): string {
  return contentSecurityPolicy([`ws://127.0.0.1:${port}`])
}

export function setSecurityHeaders(res: ServerResponse, port: number): void {
  res.setHeader('Content-Security-Policy', webShellContentSecurityPolicy(port))
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Frame-Options', 'DENY')
  // The first address carries the token in its query: never hand it on as a referrer.
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
}

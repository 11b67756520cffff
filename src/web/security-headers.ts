// Headers on every answer of the web shell. The policy matches the Electron window's (see
// src/main/csp.ts) except connect-src, which names the shell's own socket and nothing else:
// the page reaches the network only through the bridge.
import type { ServerResponse } from 'node:http'

export function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ws://127.0.0.1:${port}`,
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function setSecurityHeaders(res: ServerResponse, port: number): void {
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(port))
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('X-Frame-Options', 'DENY')
  // The first address carries the token in its query: never hand it on as a referrer.
  res.setHeader('Referrer-Policy', 'no-referrer')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
}

// The one Content-Security-Policy of the app's page, for both shells: the Electron window
// (src/main/csp.ts) and the web shell (src/web/security-headers.ts). They differ only in
// where the page may connect: the web shell's bridge needs its own WebSocket address.
// No 'unsafe-eval', no inline script, no remote origin: the renderer reaches the network
// only through window.api. 'unsafe-inline' styles are for Vue's style bindings.
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

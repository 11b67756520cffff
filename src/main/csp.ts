// The Content-Security-Policy main adds as a response header to everything the window loads.
// src/renderer/index.html carries its own <meta> policy (file:// pages have no headers);
// when both apply the browser enforces both, so this one may only be as strict or stricter.
// No 'unsafe-eval', no inline script, no remote origin: the renderer reaches the network
// only through window.api. 'unsafe-inline' styles are for Vue's style bindings and the
// dev server's injected CSS; 'self' for connect-src covers the dev server's HMR socket.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

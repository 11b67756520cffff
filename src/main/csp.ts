// The policy main adds as a response header to everything the window loads.
// src/renderer/index.html carries its own <meta> policy (file:// pages have no headers);
// when both apply the browser enforces both, so this one may only be as strict or stricter.
// 'self' for connect-src covers the dev server's HMR socket.
import { contentSecurityPolicy } from '../shared/content-security-policy'

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy()

// The routes of spec section 4 under the /api/v1 root, matched the way Laravel's router does:
// an unknown path is a 404, a known path with the wrong method a 405 listing the allowed
// ones (GET routes also answer HEAD).

export const API_ROOT = '/api/v1'

export type RouteName =
  | 'sites.index' | 'sites.store' | 'sites.show' | 'sites.destroy' | 'sites.logs'
  | 'tags.index' | 'tags.store' | 'tags.destroy'
  | 'logs.index'

interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  pattern: RegExp
  name: RouteName
}

const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/sites$/, name: 'sites.index' },
  { method: 'POST', pattern: /^\/sites$/, name: 'sites.store' },
  { method: 'GET', pattern: /^\/sites\/([^/]+)$/, name: 'sites.show' },
  { method: 'DELETE', pattern: /^\/sites\/([^/]+)$/, name: 'sites.destroy' },
  { method: 'GET', pattern: /^\/sites\/([^/]+)\/logs$/, name: 'sites.logs' },
  { method: 'GET', pattern: /^\/tags$/, name: 'tags.index' },
  { method: 'POST', pattern: /^\/tags$/, name: 'tags.store' },
  { method: 'DELETE', pattern: /^\/tags\/([^/]+)$/, name: 'tags.destroy' },
  { method: 'GET', pattern: /^\/logs$/, name: 'logs.index' },
]

export type RouteMatch =
  | { kind: 'found'; name: RouteName; id: string | null }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allowed: string[] }

/** `pathname` is the request path; a trailing slash is ignored as Laravel does. */
export function matchRoute(method: string, pathname: string): RouteMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (!path.startsWith(`${API_ROOT}/`)) return { kind: 'not_found' }
  const rest = path.slice(API_ROOT.length)
  const candidates = ROUTES.filter((route) => route.pattern.test(rest))
  if (candidates.length === 0) return { kind: 'not_found' }
  const wanted = method === 'HEAD' ? 'GET' : method
  const route = candidates.find((candidate) => candidate.method === wanted)
  if (!route) {
    const allowed = candidates.flatMap((c) => (c.method === 'GET' ? ['GET', 'HEAD'] : [c.method]))
    return { kind: 'method_not_allowed', allowed }
  }
  const id = route.pattern.exec(rest)?.[1]
  return { kind: 'found', name: route.name, id: id === undefined ? null : safeDecode(id) }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

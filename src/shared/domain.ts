// Domain types of the Site Management API v1 (spec sections 2 and 4), as the app uses them.
// Field names follow the wire format on purpose: the API client validates and passes them on
// unchanged, so there is one shape from the server to the view.

/** Server software found on a site; every key is null until server data has been collected. */
export interface ServerInfo {
  ip: string | null
  web: string | null
  php: string | null
  mysql: string | null
}

export interface Tag {
  id: number
  name: string
  created_at: string
  updated_at: string
}

export interface Site {
  id: number
  name: string
  url: string
  admin_url: string
  notes: string
  /** Open set: the spec only shows "Ok". */
  status: string
  /** Observed 1 or null; meaning not given by the spec. */
  published: number | null
  tags: Tag[]
  server: ServerInfo
  /** Absent in the answer to creating a site (spec 2.1). */
  updates_count?: number
  created_at: string
  updated_at: string
  last_check_at: string | null
}

/** Observed event types (spec 6.2); the set is open, unknown types pass through. */
export const KNOWN_EVENT_TYPES = [
  'updated_extension',
  'new_extension',
  'update_extension_available',
] as const
export type KnownEventType = (typeof KNOWN_EVENT_TYPES)[number]

export interface SiteEvent {
  id: number
  site_id: number
  /** Open set: observed "client". */
  category: string
  message: string
  /** Open set: see KNOWN_EVENT_TYPES. */
  type: string
  created_at: string
}

/** The list envelope of spec 2.4. */
export interface PageLinks {
  first: string | null
  last: string | null
  prev: string | null
  next: string | null
}

export interface PageMeta {
  current_page: number
  /** 1-based position of the first item; null on an empty page (Laravel's paginator). */
  from: number | null
  last_page: number
  per_page: number
  /** 1-based position of the last item; null on an empty page. */
  to: number | null
  total: number
  path: string
}

export interface Page<T> {
  data: T[]
  links: PageLinks
  meta: PageMeta
}

/** Body of POST /sites (spec 4.1). private_key is write-only: sent once, never kept. */
export interface NewSite {
  name: string
  url: string
  admin_url?: string
  cms_id?: number
  private_key?: string
  notes?: string
  tags?: number[]
  monitor?: { look_for_string?: string }
}

export type AccountKind = 'remote' | 'demo'

/**
 * An account as every process may see it. The token is deliberately absent: it lives in the
 * keychain and never leaves core.
 */
export interface Account {
  id: string
  label: string
  baseUrl: string
  kind: AccountKind
  /**
   * ok: a token is stored; missing: the keychain entry is gone; refused: the server said 401;
   * unavailable: the keychain is locked or not running, so the token could not be read (it
   * may well still be there: unlock the keychain rather than enter a new token).
   */
  tokenState: 'ok' | 'missing' | 'refused' | 'unavailable'
  createdAt: string
}

export interface AccountsState {
  accounts: Account[]
  lastActiveId: string | null
}

export interface AppInfo {
  name: string
  version: string
  /** Which shell runs the renderer. */
  shell: 'electron' | 'web'
  platform: string
}

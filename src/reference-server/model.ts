// What the server keeps, which is more than it serves: input-only fields (cms_id,
// private_key, monitor) and the extensions behind updates_count live here and never leave
// through the wire format (see wire.ts). This is also the shape of the persisted JSON file.
import type { Site, SiteEvent, Tag } from '../shared'

/** An extension found on a site; `available` is a newer version not yet installed. */
export interface InstalledExtension {
  name: string
  version: string
  available: string | null
}

/**
 * A site as kept: the served fields of a Site (shared/domain.ts, one definition of the spec's
 * shape) without the two the wire format derives (tags from tagIds, updates_count from the
 * extensions), plus what is kept but never served.
 */
export interface StoredSite extends Omit<Site, 'tags' | 'updates_count'> {
  tagIds: number[]
  cms_id: number | null
  /**
   * Whether a private_key was sent. The key itself is not kept: nothing here uses it, and the
   * demo workspace persists this state on the user's disk, where a real secret must not land.
   */
  has_private_key: boolean
  look_for_string: string | null
  extensions: InstalledExtension[]
}

export interface AccountState {
  token: string
  sites: StoredSite[]
  tags: Tag[]
  /** Oldest first (ascending id); lists reverse them. */
  events: SiteEvent[]
}

export const STATE_VERSION = 1

export interface ServerState {
  version: typeof STATE_VERSION
  /** Ids are global across accounts, like rows in one database. */
  nextIds: { site: number; tag: number; event: number }
  accounts: AccountState[]
}

export function emptyServerState(): ServerState {
  return { version: STATE_VERSION, nextIds: { site: 1, tag: 1, event: 1 }, accounts: [] }
}

export function pendingUpdates(site: StoredSite): number {
  return site.extensions.filter((extension) => extension.available !== null).length
}

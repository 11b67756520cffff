// Changes the person made through the app (a site or tag created or deleted) while a sync was
// reading. Its read may have been taken before the change reached the server, so writing it
// as read would undo the change in the store until the next sync (and report a created site
// as removed). The changes are replayed onto the read before it is written.
import type { Site, Tag } from '../../shared'

export type LocalChange =
  | { kind: 'siteSaved'; site: Site }
  | { kind: 'siteRemoved'; siteId: number }
  | { kind: 'tagSaved'; tag: Tag }
  | { kind: 'tagRemoved'; tagId: number }

export interface SitesAndTags {
  sites: Site[]
  tags: Tag[]
}

export function applyLocalChanges(read: SitesAndTags, changes: readonly LocalChange[]): SitesAndTags {
  let { sites, tags } = read
  for (const change of changes) {
    switch (change.kind) {
      case 'siteSaved':
        sites = [...sites.filter((site) => site.id !== change.site.id), change.site]
        break
      case 'siteRemoved':
        sites = sites.filter((site) => site.id !== change.siteId)
        break
      case 'tagSaved':
        tags = [...tags.filter((tag) => tag.id !== change.tag.id), change.tag]
        break
      case 'tagRemoved':
        // The server detaches a deleted tag from its sites; so does the store.
        tags = tags.filter((tag) => tag.id !== change.tagId)
        sites = sites.map((site) =>
          site.tags.some((tag) => tag.id === change.tagId) ? { ...site, tags: site.tags.filter((tag) => tag.id !== change.tagId) } : site,
        )
        break
    }
  }
  return { sites, tags }
}

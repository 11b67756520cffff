// The wire format of spec section 2: builds exactly the served field sets, in the spec's
// order, from the stored records.
import type { Site, SiteEvent, Tag } from '../shared'
import type { AccountState, StoredSite } from './model'
import { pendingUpdates } from './model'

export function tagToWire(tag: Tag): Tag {
  return { id: tag.id, name: tag.name, created_at: tag.created_at, updated_at: tag.updated_at }
}

export function eventToWire(event: SiteEvent): SiteEvent {
  return {
    id: event.id,
    site_id: event.site_id,
    category: event.category,
    message: event.message,
    type: event.type,
    created_at: event.created_at,
  }
}

/** A site as read or listed: with its tags and updates_count. */
export function siteToWire(site: StoredSite, account: AccountState): Site {
  const tags = account.tags.filter((tag) => site.tagIds.includes(tag.id)).map(tagToWire)
  return {
    id: site.id,
    name: site.name,
    url: site.url,
    admin_url: site.admin_url,
    notes: site.notes,
    status: site.status,
    published: site.published,
    tags,
    server: { ...site.server },
    updates_count: pendingUpdates(site),
    created_at: site.created_at,
    updated_at: site.updated_at,
    last_check_at: site.last_check_at,
  }
}

/**
 * A site as the answer to creating it (spec 2.1): status Ok, published null, tags [], server
 * keys null, last_check_at null and no updates_count, even when tags were sent and attached.
 */
export function createdSiteToWire(site: StoredSite): Site {
  return {
    id: site.id,
    name: site.name,
    url: site.url,
    admin_url: site.admin_url,
    notes: site.notes,
    status: 'Ok',
    published: null,
    tags: [],
    server: { ip: null, web: null, php: null, mysql: null },
    created_at: site.created_at,
    updated_at: site.updated_at,
    last_check_at: null,
  }
}

// Sites, tags and events shaped exactly as the API gives them (spec section 2), for every test
// that needs one: one definition of each shape, with plain defaults that a test overrides.
import type { Site, SiteEvent, Tag } from '../../../src/shared'

export function makeTag(id: number, name: string): Tag {
  const at = '2025-01-02T10:00:00+00:00'
  return { id, name, created_at: at, updated_at: at }
}

export function makeSite(id: number, overrides: Partial<Site> = {}): Site {
  return {
    id,
    name: `Site ${id}`,
    url: `https://site-${id}.example.com`,
    admin_url: `https://site-${id}.example.com/admin`,
    notes: '',
    status: 'Ok',
    published: 1,
    tags: [],
    server: { ip: '192.0.2.1', web: 'nginx/1.24.0', php: '8.2.18', mysql: '8.0.36' },
    updates_count: 0,
    created_at: '2024-01-01T00:00:00+00:00',
    updated_at: '2024-06-01T00:00:00+00:00',
    last_check_at: '2024-06-01T00:00:00+00:00',
    ...overrides,
  }
}

export function makeEvent(id: number, overrides: Partial<SiteEvent> = {}): SiteEvent {
  return {
    id,
    site_id: 1,
    category: 'client',
    message: `Event ${id}`,
    type: 'updated_extension',
    // Newer ids are newer in time, as in the spec's observed lists.
    created_at: new Date(Date.UTC(2025, 0, 1, 0, id)).toISOString().replace('Z', '+00:00'),
    ...overrides,
  }
}

// The site fields defined once (shared/site-fields.ts): each field's text (what an export
// holds) and sort value (null sorts last), over a site with every value and one with none.
import { describe, expect, it } from 'vitest'
import type { Site } from '../../../src/shared/domain'
import { SITE_FIELDS, SITE_FIELD_KEYS, isSiteFieldKey, isTableFieldKey } from '../../../src/shared/site-fields'

const full: Site = {
  id: 7,
  name: 'Granite Plumbing',
  url: 'HTTPS://Granite-Plumbing.com',
  admin_url: 'https://granite-plumbing.com/wp-admin',
  notes: 'Client since 2019',
  status: 'Ok',
  published: 1,
  tags: [
    { id: 2, name: 'vip', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' },
    { id: 1, name: 'Client 10', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' },
    { id: 3, name: 'Client 9', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' },
  ],
  server: { php: '8.1.27', mysql: '10.6.17-MariaDB', web: 'nginx/1.24', ip: '192.0.2.10' },
  updates_count: 4,
  created_at: '2024-03-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  last_check_at: '2026-11-26T08:30:00Z',
}

const bare: Site = {
  ...full,
  admin_url: '',
  notes: '  ',
  published: null,
  tags: [],
  server: { php: null, mysql: null, web: null, ip: null },
  updates_count: undefined,
  last_check_at: null,
}

const text = (site: Site) => Object.fromEntries(SITE_FIELD_KEYS.map((key) => [key, SITE_FIELDS[key].text(site)]))
const sort = (site: Site) => Object.fromEntries(SITE_FIELD_KEYS.map((key) => [key, SITE_FIELDS[key].sort(site)]))

describe('site fields', () => {
  it('writes each value as a person would, tags in natural order', () => {
    expect(text(full)).toEqual({
      name: 'Granite Plumbing',
      url: 'HTTPS://Granite-Plumbing.com',
      adminUrl: 'https://granite-plumbing.com/wp-admin',
      status: 'Ok',
      updates: '4',
      php: '8.1.27',
      mysql: '10.6.17-MariaDB',
      web: 'nginx/1.24',
      ip: '192.0.2.10',
      tags: 'Client 9, Client 10, vip',
      notes: 'Client since 2019',
      lastCheck: '2026-11-26T08:30:00Z',
      published: '1',
      created: '2024-03-01T10:00:00Z',
    })
  })

  it('sorts addresses without their scheme, times as numbers, and what is missing as null', () => {
    expect(sort(full)).toMatchObject({
      url: 'granite-plumbing.com',
      adminUrl: 'granite-plumbing.com/wp-admin',
      updates: 4,
      tags: 'Client 9, Client 10, vip',
      lastCheck: Date.parse('2026-11-26T08:30:00Z'),
      created: Date.parse('2024-03-01T10:00:00Z'),
      published: 1,
    })
    expect(sort(bare)).toMatchObject({ adminUrl: null, updates: null, php: null, mysql: null, web: null, ip: null, tags: null, notes: null, lastCheck: null, published: null })
    expect(text(bare)).toMatchObject({ updates: '', php: '', mysql: '', web: '', ip: '', tags: '', lastCheck: '', published: '' })
  })

  it('knows its keys, and the table knows Account and Health besides', () => {
    expect(isSiteFieldKey('php')).toBe(true)
    expect(isSiteFieldKey('account')).toBe(false)
    expect(isSiteFieldKey('toString')).toBe(false)
    expect(isSiteFieldKey(3)).toBe(false)
    expect(isTableFieldKey('account')).toBe(true)
    expect(isTableFieldKey('health')).toBe(true)
    expect(isTableFieldKey('lastCheck')).toBe(true)
    expect(isTableFieldKey('nope')).toBe(false)
  })
})

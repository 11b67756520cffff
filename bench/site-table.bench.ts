// The work behind every keystroke in the sites table: filter then sort the whole list.
import type { Site } from '../src/shared'
import { EMPTY_FILTER, filterSites, sortSites } from '../src/renderer/src/lib/site-query'
import { line, medianMs } from './measure'

const COUNT = 5000
const tags = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `tag ${i + 1}`,
  created_at: '2026-01-01T00:00:00+00:00',
  updated_at: '2026-01-01T00:00:00+00:00',
}))

function site(i: number): Site {
  const checked = i % 17 !== 0
  return {
    id: i + 1,
    name: `Site ${String(i).padStart(5, '0')} ${['Bakery', 'Hotel', 'Studio', 'Clinic'][i % 4]}`,
    url: `https://site-${i}.example.test`,
    admin_url: `https://site-${i}.example.test/wp-admin/`,
    notes: '',
    status: 'Ok',
    published: i % 3 === 0 ? 1 : null,
    tags: tags.filter((t) => (i + t.id) % 5 === 0),
    server: checked
      ? { ip: `203.0.113.${i % 250}`, web: 'nginx/1.26.1', php: `8.${i % 4}.${i % 30}`, mysql: `8.0.${i % 40}` }
      : { ip: null, web: null, php: null, mysql: null },
    updates_count: i % 7,
    created_at: '2025-01-01T00:00:00+00:00',
    updated_at: '2026-01-01T00:00:00+00:00',
    last_check_at: checked ? `2026-11-${String((i % 20) + 1).padStart(2, '0')}T10:00:00+00:00` : null,
  }
}

const sites = Array.from({ length: COUNT }, (_, i) => site(i))

line(`sort ${COUNT} sites by name`, await medianMs(15, () => sortSites(sites, { key: 'name', direction: 'asc' })), 'ms')
line(`sort ${COUNT} sites by PHP version`, await medianMs(15, () => sortSites(sites, { key: 'php', direction: 'desc' })), 'ms')
line(
  `filter ${COUNT} sites by search text, then sort`,
  await medianMs(15, () => sortSites(filterSites(sites, { ...EMPTY_FILTER, search: 'hotel' }), { key: 'name', direction: 'asc' })),
  'ms',
)
line(
  `filter ${COUNT} sites by tag + has updates`,
  await medianMs(15, () => filterSites(sites, { ...EMPTY_FILTER, tagId: 3, hasUpdates: true })),
  'ms',
)

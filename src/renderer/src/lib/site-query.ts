// Filtering and sorting of the site table, pure so it is fast to test and to run: a
// thousand sites filter and sort in well under a frame.
import type { Site } from '../../../shared'

export interface SiteFilter {
  /** Matched case-insensitively against name and address. */
  search: string
  tagId: number | null
  status: string | null
  hasUpdates: boolean
  neverChecked: boolean
}

export const SORT_KEYS = [
  'name',
  'url',
  'status',
  'updates',
  'php',
  'mysql',
  'web',
  'tags',
  'lastCheck',
  'published',
] as const
export type SortKey = (typeof SORT_KEYS)[number]
export type SortDirection = 'asc' | 'desc'
export interface SiteSort {
  key: SortKey
  direction: SortDirection
}

export const EMPTY_FILTER: SiteFilter = { search: '', tagId: null, status: null, hasUpdates: false, neverChecked: false }

export function isFiltering(filter: SiteFilter): boolean {
  return (
    filter.search.trim() !== '' ||
    filter.tagId !== null ||
    filter.status !== null ||
    filter.hasUpdates ||
    filter.neverChecked
  )
}

/** Lower-cases and drops the scheme, so "https://shop" and "shop" both find shop.example. */
function normalize(text: string): string {
  return text.toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
}

export function filterSites(sites: readonly Site[], filter: SiteFilter): Site[] {
  const needle = normalize(filter.search.trim())
  return sites.filter((site) => {
    if (needle !== '' && !site.name.toLowerCase().includes(needle) && !normalize(site.url).includes(needle)) {
      return false
    }
    if (filter.tagId !== null && !site.tags.some((t) => t.id === filter.tagId)) return false
    if (filter.status !== null && site.status !== filter.status) return false
    if (filter.hasUpdates && !((site.updates_count ?? 0) > 0)) return false
    if (filter.neverChecked && site.last_check_at !== null) return false
    return true
  })
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

type SortValue = string | number | null

function sortValue(site: Site, key: SortKey): SortValue {
  switch (key) {
    case 'name':
      return site.name
    case 'url':
      return normalize(site.url)
    case 'status':
      return site.status
    case 'updates':
      return site.updates_count ?? null
    case 'php':
      return site.server.php
    case 'mysql':
      return site.server.mysql
    case 'web':
      return site.server.web
    case 'tags':
      return site.tags.length === 0 ? null : site.tags.map((t) => t.name).sort(collator.compare).join(', ')
    case 'lastCheck':
      return site.last_check_at === null ? null : Date.parse(site.last_check_at)
    case 'published':
      return site.published
  }
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  // Versions like "8.10" vs "8.9" compare numerically through the collator.
  return collator.compare(String(a), String(b))
}

/** Sorts a copy; empty values (never checked, no server data) go last in both directions. */
export function sortSites(sites: readonly Site[], sort: SiteSort): Site[] {
  const sign = sort.direction === 'asc' ? 1 : -1
  const keyed = sites.map((site) => ({ site, value: sortValue(site, sort.key) }))
  keyed.sort((x, y) => {
    if (x.value === null || y.value === null) {
      if (x.value === y.value) return x.site.id - y.site.id
      return x.value === null ? 1 : -1
    }
    return sign * compareValues(x.value, y.value) || collator.compare(x.site.name, y.site.name) || x.site.id - y.site.id
  })
  return keyed.map((k) => k.site)
}

/** The statuses present, for the status filter ("Ok" first, then as found). */
export function statusesOf(sites: readonly Site[]): string[] {
  const set = new Set(sites.map((s) => s.status))
  return [...set].sort((a, b) => (a === 'Ok' ? -1 : b === 'Ok' ? 1 : collator.compare(a, b)))
}

/** Default direction when a column is first clicked: newest checks and most updates first. */
export function defaultDirection(key: SortKey): SortDirection {
  return key === 'updates' || key === 'lastCheck' || key === 'published' ? 'desc' : 'asc'
}

// How one piece of server software is spread over a scope's sites, grouped the way people
// talk about versions ("PHP 8.2", "MariaDB 10.6", "nginx"). Each group keeps the exact values
// it holds, because a slice opens the Sites view filtered to exactly those values.
import {
  MAX_SLICES,
  NOT_KNOWN_GROUP,
  OTHER_GROUP,
  type ExactValue,
  type Site,
  type VersionFacet,
  type VersionGroup,
} from '../../shared'

/** The group a reported value belongs to, e.g. "8.2.18" -> "PHP 8.2". */
export function groupLabel(facet: VersionFacet, value: string): string {
  const text = value.trim()
  if (text === '') return NOT_KNOWN_GROUP
  if (facet === 'web') {
    // "nginx/1.24.0", "Apache/2.4.58 (Debian)", "LiteSpeed": the server's name.
    const name = /^[^/\s(]+/.exec(text)?.[0]
    return name ?? text
  }
  const minor = /(\d+)\.(\d+)/.exec(text)
  if (facet === 'php') return minor ? `PHP ${minor[1]}.${minor[2]}` : `PHP ${text}`
  const product = /mariadb/i.test(text) ? 'MariaDB' : 'MySQL'
  return minor ? `${product} ${minor[1]}.${minor[2]}` : `${product} ${text}`
}

function compareValues(a: ExactValue, b: ExactValue): number {
  return b.count - a.count || a.value.localeCompare(b.value, undefined, { numeric: true })
}

/** Sites per exact value of a facet ('' for not known), over several lists of sites. */
export function countValues(lists: Iterable<readonly Site[]>, facet: VersionFacet): Map<string, number> {
  const exact = new Map<string, number>()
  for (const sites of lists) {
    for (const site of sites) {
      const value = site.server[facet] ?? ''
      exact.set(value, (exact.get(value) ?? 0) + 1)
    }
  }
  return exact
}

/**
 * The groups of a facet's exact values, most sites first ("Not known" last), the smallest
 * groups beyond `maxSlices` folded into "Other" with all their exact values.
 */
export function versionGroups(exact: ReadonlyMap<string, number>, facet: VersionFacet, maxSlices = MAX_SLICES): VersionGroup[] {
  const groups = new Map<string, VersionGroup>()
  for (const [value, count] of exact) {
    const label = groupLabel(facet, value)
    const group = groups.get(label) ?? { label, count: 0, values: [] }
    group.count += count
    group.values.push({ value, count })
    groups.set(label, group)
  }
  for (const group of groups.values()) group.values.sort(compareValues)
  const known = [...groups.values()]
    .filter((g) => g.label !== NOT_KNOWN_GROUP)
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, undefined, { numeric: true }))
  const unknown = groups.get(NOT_KNOWN_GROUP)
  const room = Math.max(1, maxSlices - (unknown ? 1 : 0))
  let shown = known
  if (known.length > room) {
    const kept = known.slice(0, room - 1)
    const rest = known.slice(room - 1)
    const other: VersionGroup = {
      label: OTHER_GROUP,
      count: rest.reduce((sum, g) => sum + g.count, 0),
      values: rest.flatMap((g) => g.values).sort(compareValues),
    }
    shown = [...kept, other]
  }
  return unknown ? [...shown, unknown] : shown
}

// Readable names for event types. The spec (6.2) shows three types and says the set is open,
// so every unknown type still gets a sensible label (its own words, humanised) and a neutral
// icon instead of being hidden or shown raw.

import type { KnownEventType } from '../../../../shared'

export type EventIconKind = 'updated' | 'installed' | 'available' | 'other'

export interface EventTypeInfo {
  label: string
  icon: EventIconKind
}

const KNOWN: Record<KnownEventType, EventTypeInfo> = {
  updated_extension: { label: 'Extension updated', icon: 'updated' },
  new_extension: { label: 'Extension installed', icon: 'installed' },
  update_extension_available: { label: 'Update available', icon: 'available' },
}

function isKnown(type: string): type is KnownEventType {
  return Object.prototype.hasOwnProperty.call(KNOWN, type)
}

/** "site_backup-done" -> "Site backup done"; an empty type reads as "Other event". */
export function humaniseEventType(type: string): string {
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase())
  if (words.length === 0) return 'Other event'
  const sentence = words.join(' ')
  return sentence.charAt(0).toUpperCase() + sentence.slice(1)
}

export function describeEventType(type: string): EventTypeInfo {
  if (isKnown(type)) return KNOWN[type]
  return { label: humaniseEventType(type), icon: 'other' }
}

import { describe, expect, it } from 'vitest'
import { describeEventType, humaniseEventType } from '../../../../../src/renderer/src/components/events/event-types'
import { KNOWN_EVENT_TYPES } from '../../../../../src/shared'

describe('event types', () => {
  it('gives every observed type (spec 6.2) its own label and icon', () => {
    expect(KNOWN_EVENT_TYPES.map(describeEventType)).toEqual([
      { label: 'Extension updated', icon: 'updated' },
      { label: 'Extension installed', icon: 'installed' },
      { label: 'Update available', icon: 'available' },
    ])
  })

  it('names an unknown type in its own words with the neutral icon', () => {
    expect(describeEventType('site_backup_finished')).toEqual({ label: 'Site backup finished', icon: 'other' })
    expect(humaniseEventType('uptimeCheck-failed')).toBe('Uptime check failed')
    expect(humaniseEventType('  ')).toBe('Other event')
    // Not fooled by names that live on every object.
    expect(describeEventType('constructor').icon).toBe('other')
  })
})

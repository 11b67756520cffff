import { describe, expect, it, vi } from 'vitest'
import { formatPastRelative, formatRelative, hostOf, shortSoftware } from '../../../../src/renderer/src/lib/format'
import { isHttpUrl } from '../../../../src/renderer/src/lib/validate'

describe('format', () => {
  it('shortens server software for narrow cells', () => {
    expect(shortSoftware('10.11.7-MariaDB')).toBe('10.11.7')
    expect(shortSoftware('Apache/2.4.58 (Debian)')).toBe('Apache 2.4.58')
    expect(shortSoftware('LiteSpeed')).toBe('LiteSpeed')
  })

  it('writes relative times in the given locale, "now" under a minute', () => {
    const now = Date.parse('2025-03-01T12:00:00Z')
    expect(formatRelative('2025-03-01T11:59:30+00:00', now, 'en-US')).toBe('now')
    expect(formatRelative('2025-03-01T11:59:30+00:00', now, 'de-DE')).toBe('jetzt')
    expect(formatRelative('2025-03-01T09:00:00+00:00', now, 'en-US')).toBe('3 hours ago')
    expect(formatRelative('2025-03-01T09:00:00+00:00', now, 'de-DE')).toBe('vor 3 Stunden')
    expect(formatRelative('2025-03-03T12:00:00+00:00', now, 'en-US')).toBe('in 2 days')
    expect(formatRelative('2025-03-03T12:00:00+00:00', now, 'de-DE')).toBe('in 2 Tagen')
    // The unit follows the rounded count: 59.6 minutes reads as an hour; months, then years.
    expect(formatRelative('2025-03-01T11:00:24+00:00', now, 'en-US')).toBe('1 hour ago')
    expect(formatRelative('2025-01-01T12:00:00+00:00', now, 'en-US')).toBe('2 months ago')
    expect(formatRelative('2023-03-01T12:00:00+00:00', now, 'de-DE')).toBe('vor 2 Jahren')
    expect(formatRelative('not a date', now)).toBe('not a date')
  })

  it('reads a past time a server clock put a little ahead as "just now", never "in 3 minutes"', () => {
    const now = Date.parse('2025-03-01T12:00:00Z')
    expect(formatPastRelative('2025-03-01T12:03:00+00:00', now, 'en-US')).toBe('just now')
    expect(formatPastRelative('2025-03-01T11:59:30+00:00', now, 'en-US')).toBe('just now')
    expect(formatPastRelative('2025-03-01T11:57:00+00:00', now, 'en-US')).toBe('3 minutes ago')
    // Further ahead than a clock can drift is shown as it is.
    expect(formatPastRelative('2025-03-01T12:10:00+00:00', now, 'en-US')).toBe('in 10 minutes')
  })

  it("uses the browser's language when no locale is given", () => {
    const now = Date.parse('2025-03-01T12:00:00Z')
    const language = vi.spyOn(navigator, 'language', 'get')
    try {
      language.mockReturnValue('fr-FR')
      expect(formatRelative('2025-03-01T09:00:00+00:00', now)).toBe('il y a 3 heures')
      language.mockReturnValue('en-GB')
      expect(formatRelative('2025-03-01T09:00:00+00:00', now)).toBe('3 hours ago')
    } finally {
      language.mockRestore()
    }
  })

  it('shows hosts and checks addresses', () => {
    expect(hostOf('https://shop.example.com/')).toBe('shop.example.com')
    expect(hostOf('https://shop.example.com/de')).toBe('shop.example.com/de')
    expect(isHttpUrl('https://x.example')).toBe(true)
    expect(isHttpUrl('javascript:alert(1)')).toBe(false)
    expect(isHttpUrl('example.com')).toBe(false)
  })
})

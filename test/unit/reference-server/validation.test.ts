// The reference server's New site rules: the limits, the character count and the web address
// check are the app's own (shared/new-site.ts, shared/web-address.ts), so a body the form
// accepts is one the server accepts; what the spec lets the API accept beyond the form stays.
import { describe, expect, it } from 'vitest'
import { NEW_SITE_LIMITS, newSiteSchema } from '../../../src/shared/new-site'
import { validateNewSite, validateNewTag } from '../../../src/reference-server/validation'

const noTags = new Set<number>()

describe('validateNewSite', () => {
  it('uses the shared limits, counting characters, with Laravel\'s message', () => {
    const max = NEW_SITE_LIMITS.name
    expect(validateNewSite({ name: '🚀'.repeat(max), url: 'https://a.example' }, noTags).ok).toBe(true)
    expect(validateNewSite({ name: 'n'.repeat(max + 1), url: 'https://a.example' }, noTags)).toEqual({
      ok: false,
      errors: { name: [`The name field must not be greater than ${max} characters.`] },
    })
    const longUrl = `https://a.example/${'p'.repeat(NEW_SITE_LIMITS.url)}`
    expect(validateNewSite({ name: 'A', url: longUrl }, noTags)).toEqual({
      ok: false,
      errors: { url: [`The url field must not be greater than ${NEW_SITE_LIMITS.url} characters.`] },
    })
  })

  it('refuses what the shared web address check refuses, and accepts what it accepts', () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'shop.example.com', 'https://a.example/a b', 'https://']) {
      expect(validateNewSite({ name: 'A', url }, noTags), url).toEqual({ ok: false, errors: { url: ['The url field must be a valid URL.'] } })
      expect(newSiteSchema.safeParse({ name: 'A', url }).success, url).toBe(false)
    }
    for (const url of ['https://a.example', 'http://localhost:8080/x?y=1']) {
      expect(validateNewSite({ name: 'A', url }, noTags).ok, url).toBe(true)
      expect(newSiteSchema.safeParse({ name: 'A', url }).success, url).toBe(true)
    }
  })

  it('accepts what the spec lets the API accept where the form is stricter: any integer cms_id, ids as strings, null', () => {
    const result = validateNewSite({ name: 'A', url: 'https://a.example', cms_id: '0', admin_url: null, tags: ['4'] }, new Set([4]))
    expect(result).toEqual({
      ok: true,
      value: { name: 'A', url: 'https://a.example', admin_url: null, notes: null, cms_id: 0, private_key: null, tags: [4], look_for_string: null },
    })
  })
})

describe('validateNewTag', () => {
  it('holds a tag name to the shared tag limit', () => {
    expect(validateNewTag({ name: 't'.repeat(255) }, []).ok).toBe(true)
    expect(validateNewTag({ name: 't'.repeat(256) }, [])).toEqual({ ok: false, errors: { name: ['The name field must not be greater than 255 characters.'] } })
  })
})

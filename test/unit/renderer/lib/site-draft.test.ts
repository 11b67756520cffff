import { describe, expect, it } from 'vitest'
import {
  addressKey,
  draftFieldOf,
  draftSuggestions,
  emptyDraft,
  isEmptyDraft,
  serverErrors,
  toNewSite,
  validateDraft,
} from '../../../../src/renderer/src/lib/site-draft'
import { suggestHttps } from '../../../../src/renderer/src/lib/validate'

describe('site draft', () => {
  it('requires a name and a full http(s) address before sending', () => {
    const errors = validateDraft({ ...emptyDraft(), url: 'not an address', adminUrl: 'ftp://x', cmsId: '1.5' })
    expect(errors.name).toEqual(['Name is required.'])
    expect(errors.url?.[0]).toMatch(/http/)
    expect(errors.adminUrl?.[0]).toMatch(/http/)
    expect(errors.cmsId).toEqual(['CMS id must be a whole number from 1.'])
    expect(validateDraft({ ...emptyDraft(), name: 'Shop', url: 'https://shop.example.com' })).toEqual({})
  })

  it('sends only what was filled in, in the wire shape', () => {
    expect(toNewSite({ ...emptyDraft(), name: ' Shop ', url: 'https://shop.example.com' })).toEqual({
      name: 'Shop',
      url: 'https://shop.example.com',
    })
    expect(
      toNewSite({
        name: 'Shop',
        url: 'https://shop.example.com',
        adminUrl: 'https://shop.example.com/admin',
        cmsId: '2',
        privateKey: 'k',
        notes: 'n',
        tagIds: [4, 5],
        lookFor: 'Welcome',
      }),
    ).toEqual({
      name: 'Shop',
      url: 'https://shop.example.com',
      admin_url: 'https://shop.example.com/admin',
      cms_id: 2,
      private_key: 'k',
      notes: 'n',
      tags: [4, 5],
      monitor: { look_for_string: 'Welcome' },
    })
  })

  it('places the server messages of a 422 on their fields', () => {
    const placed = serverErrors({
      code: 'validation',
      message: 'The given data was invalid.',
      fields: {
        url: ['The url field must be a valid URL.'],
        'tags.0': ['The selected tags.0 is invalid.'],
        'monitor.look_for_string': ['Must be a string.'],
        something_else: ['Odd.'],
      },
    })
    expect(placed.fields).toEqual({
      url: ['The url field must be a valid URL.'],
      tagIds: ['The selected tags.0 is invalid.'],
      lookFor: ['Must be a string.'],
    })
    expect(placed.general).toEqual(['Odd.'])
  })

  it('offers https:// for a host typed without a scheme instead of refusing it', () => {
    expect(suggestHttps('harbor-hardware')).toBe('https://harbor-hardware')
    expect(suggestHttps(' harbor-hardware.com/shop ')).toBe('https://harbor-hardware.com/shop')
    expect(suggestHttps('localhost:8080')).toBe('https://localhost:8080')
    for (const notAHost of ['', 'https://shop.example.com', 'two words', '-bad-.com', 'ftp://x', 'a..b', 'user@host']) {
      expect(suggestHttps(notAHost)).toBeNull()
    }
    const draft = { ...emptyDraft(), name: 'Harbor', url: 'harbor-hardware', adminUrl: 'harbor-hardware.com/wp-admin' }
    expect(draftSuggestions(draft)).toEqual({ url: 'https://harbor-hardware', adminUrl: 'https://harbor-hardware.com/wp-admin' })
    // Offered, not an error.
    expect(validateDraft(draft)).toEqual({})
  })

  it('refuses a name over 255 characters and a CMS id of 0 before sending', () => {
    const base = { ...emptyDraft(), url: 'https://shop.example.com' }
    expect(validateDraft({ ...base, name: 'x'.repeat(255) })).toEqual({})
    expect(validateDraft({ ...base, name: 'x'.repeat(256) }).name).toEqual(['Name must be at most 255 characters (it has 256).'])
    expect(validateDraft({ ...base, name: 'Shop', cmsId: '0' }).cmsId).toEqual(['CMS id must be a whole number from 1.'])
    expect(validateDraft({ ...base, name: 'Shop', cmsId: '12' })).toEqual({})
  })

  it('maps core paths (site.cms_id) and API paths (tags.0) with one function', () => {
    expect(draftFieldOf('site.cms_id')).toBe('cmsId')
    expect(draftFieldOf('cms_id')).toBe('cmsId')
    expect(draftFieldOf('site.tags.0')).toBe('tagIds')
    expect(draftFieldOf('tags.0')).toBe('tagIds')
    expect(draftFieldOf('site.monitor.look_for_string')).toBe('lookFor')
    expect(draftFieldOf('monitor.look_for_string')).toBe('lookFor')
    expect(draftFieldOf('site.name')).toBe('name')
    expect(draftFieldOf('accountId')).toBeNull()
    // Core's short messages become sentences that name the field.
    const placed = serverErrors({
      code: 'invalid_input',
      message: 'The request was not valid.',
      fields: { 'site.cms_id': ['Too small: expected number to be >0'], 'site.name': ['must be at most 255 characters'] },
    })
    expect(placed.fields).toEqual({ cmsId: ['Too small: expected number to be >0.'], name: ['Name must be at most 255 characters.'] })
  })

  it('knows the same address typed another way, and an empty draft', () => {
    expect(addressKey('https://Shop.Example.com/')).toBe('shop.example.com')
    expect(addressKey('http://shop.example.com')).toBe('shop.example.com')
    expect(addressKey('shop.example.com/store/')).toBe('shop.example.com/store')
    expect(addressKey('https://shop.example.com/other')).not.toBe(addressKey('https://shop.example.com'))
    expect(addressKey('   ')).toBeNull()
    expect(isEmptyDraft(emptyDraft())).toBe(true)
    expect(isEmptyDraft({ ...emptyDraft(), name: '  ' })).toBe(true)
    expect(isEmptyDraft({ ...emptyDraft(), privateKey: 'k' })).toBe(false)
    expect(isEmptyDraft({ ...emptyDraft(), tagIds: [3] })).toBe(false)
  })
})

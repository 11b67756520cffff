import { describe, expect, it } from 'vitest'
import { emptyDraft, serverErrors, toNewSite, validateDraft } from '../../../../src/renderer/src/lib/site-draft'

describe('site draft', () => {
  it('requires a name and a full http(s) address before sending', () => {
    const errors = validateDraft({ ...emptyDraft(), url: 'shop.example.com', adminUrl: 'ftp://x', cmsId: '1.5' })
    expect(errors.name).toEqual(['Name is required.'])
    expect(errors.url?.[0]).toMatch(/http/)
    expect(errors.adminUrl?.[0]).toMatch(/http/)
    expect(errors.cmsId).toEqual(['CMS id must be a whole number.'])
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
})

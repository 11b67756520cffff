import { describe, expect, it } from 'vitest'
// Checking a draft is tested in site-draft-check.test.ts, placing messages on fields in
// site-field-errors.test.ts.
import { addressKey, draftSuggestions, emptyDraft, isEmptyDraft, toNewSite } from '../../../../src/renderer/src/lib/site-draft'

describe('site draft', () => {
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

  it('offers https:// for a host typed without a scheme instead of refusing it', () => {
    // Which text is a host is shared/web-address.ts's suggestWebAddress (test/unit/shared/web-address.test.ts).
    const draft = { ...emptyDraft(), name: 'Harbor', url: 'harbor-hardware', adminUrl: 'harbor-hardware.com/wp-admin' }
    expect(draftSuggestions(draft)).toEqual({ url: 'https://harbor-hardware', adminUrl: 'https://harbor-hardware.com/wp-admin' })
  })

  it('sends a CMS id only when written in digits (anything else is refused before sending)', () => {
    const base = { ...emptyDraft(), name: 'Shop', url: 'https://shop.example.com' }
    expect(toNewSite({ ...base, cmsId: ' 12 ' }).cms_id).toBe(12)
    for (const cmsId of ['1e3', '0x1f', '+5', '1.5']) expect(toNewSite({ ...base, cmsId }).cms_id, cmsId).toBeNaN()
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

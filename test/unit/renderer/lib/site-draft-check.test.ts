import { describe, expect, it } from 'vitest'
import { newSiteSchema } from '../../../../src/shared/new-site'
import { emptyDraft, toNewSite, type SiteDraft } from '../../../../src/renderer/src/lib/site-draft'
import { validateDraft } from '../../../../src/renderer/src/lib/site-draft-check'

const base: SiteDraft = { ...emptyDraft(), name: 'Shop', url: 'https://shop.example.com' }

describe('validateDraft (the shared New site schema on the form)', () => {
  it('refuses CMS id 0 on its field, as core does', () => {
    const draft = { ...base, cmsId: '0' }
    expect(validateDraft(draft)).toEqual({ cmsId: ['CMS id must be a whole number from 1.'] })
    // The same body is what core would be sent, and core's schema refuses it too.
    expect(newSiteSchema.safeParse(toNewSite(draft)).success).toBe(false)
  })

  it('refuses an id written any other way than digits', () => {
    for (const cmsId of ['1.5', '-2', 'abc', '1e3', '0x1f', '99999999999999999999']) {
      expect(validateDraft({ ...base, cmsId }).cmsId, cmsId).toEqual(['CMS id must be a whole number from 1.'])
    }
    expect(validateDraft({ ...base, cmsId: ' 12 ' })).toEqual({})
  })

  it('says what is missing or wrong in sentences that name the field', () => {
    const errors = validateDraft({ ...emptyDraft(), url: 'not an address', adminUrl: 'ftp://x' })
    expect(errors).toEqual({
      name: ['Name is required.'],
      url: ['Address must be a full address starting with http:// or https://.'],
      adminUrl: ['Admin address must be a full address starting with http:// or https://.'],
    })
    expect(validateDraft({ ...base, name: 'x'.repeat(256) })).toEqual({ name: ['Name must be at most 255 characters (it has 256).'] })
    expect(validateDraft({ ...base, lookFor: 'x'.repeat(1001) })).toEqual({ lookFor: ['Text to look for must be at most 1000 characters (it has 1001).'] })
  })

  it('leaves an address typed without https:// to the offer instead of refusing it', () => {
    expect(validateDraft({ ...base, url: 'harbor-hardware', adminUrl: 'harbor-hardware.com/wp-admin' })).toEqual({})
  })
})

import { describe, expect, it } from 'vitest'
import { draftFieldOf, placeFieldErrors } from '../../../../src/renderer/src/lib/site-field-errors'

describe('draftFieldOf', () => {
  it("maps core's request paths, the API's field names and the schema's paths to the same form field", () => {
    const cases: Array<[string, string | null]> = [
      ['site.cms_id', 'cmsId'],
      ['cms_id', 'cmsId'],
      ['tags.0', 'tagIds'],
      ['site.tags.3', 'tagIds'],
      ['tags', 'tagIds'],
      ['monitor.look_for_string', 'lookFor'],
      ['monitor[look_for_string]', 'lookFor'],
      ['site.monitor.look_for_string', 'lookFor'],
      ['admin_url', 'adminUrl'],
      ['site.private_key', 'privateKey'],
      ['name', 'name'],
      ['url', 'url'],
      ['notes', 'notes'],
    ]
    for (const [path, field] of cases) expect(draftFieldOf(path), path).toBe(field)
  })

  it('knows no field for what is not about the site body', () => {
    for (const path of ['accountId', 'site', '', 'toString', '__proto__', 'site.constructor', 'sites.name']) {
      expect(draftFieldOf(path), path).toBeNull()
    }
  })
})

describe('placeFieldErrors', () => {
  it("puts each message on its field, short ones as sentences with the field's label", () => {
    const placed = placeFieldErrors({
      'site.cms_id': ['must be a whole number from 1'],
      'tags.0': ['The selected tags.0 is invalid.'],
      'tags.1': ['The selected tags.1 is invalid.'],
      url: ['The url field must be a valid URL.'],
      'site.name': ['is required'],
    })
    expect(placed.fields).toEqual({
      cmsId: ['CMS id must be a whole number from 1.'],
      tagIds: ['The selected tags.0 is invalid.', 'The selected tags.1 is invalid.'],
      url: ['The url field must be a valid URL.'],
      name: ['Name is required.'],
    })
    expect(placed.general).toEqual([])
  })

  it('returns the messages about no field as general ones', () => {
    expect(placeFieldErrors({ accountId: ['must be an account id'], something_else: ['Odd.'] })).toEqual({
      fields: {},
      general: ['must be an account id', 'Odd.'],
    })
  })
})

import { describe, expect, it } from 'vitest'
import { characterCount, NEW_SITE_FIELDS, NEW_SITE_LIMITS, newSiteSchema } from '../../../src/shared/new-site'

const valid = { name: 'Shop', url: 'https://shop.example.com' }

/** The messages of a refused body, by field path ("cms_id", "tags.1"). */
function refusal(body: unknown): Record<string, string[]> {
  const result = newSiteSchema.safeParse(body)
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`)
  const messages: Record<string, string[]> = {}
  for (const issue of result.error.issues) (messages[issue.path.join('.')] ??= []).push(issue.message)
  return messages
}

describe('newSiteSchema', () => {
  it('accepts a full body and trims the name and addresses', () => {
    const body = {
      name: '  Shop ',
      url: ' https://shop.example.com ',
      admin_url: 'https://shop.example.com/admin',
      cms_id: 1,
      private_key: 'k',
      notes: 'n',
      tags: [4, 5],
      monitor: { look_for_string: 'Welcome' },
    }
    expect(newSiteSchema.parse(body)).toEqual({ ...body, name: 'Shop', url: 'https://shop.example.com' })
  })

  it('refuses CMS id 0, negative, fractional and non-numeric ids: an id is a whole number from 1', () => {
    for (const cms_id of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2, '3']) {
      expect(refusal({ ...valid, cms_id }), String(cms_id)).toEqual({ cms_id: ['must be a whole number from 1'] })
    }
    expect(newSiteSchema.safeParse({ ...valid, cms_id: 1 }).success).toBe(true)
    expect(refusal({ ...valid, tags: [3, 0] })).toEqual({ 'tags.1': ['must be a whole number from 1'] })
  })

  it('refuses a bare host with the https:// address it probably meant, and other schemes plainly', () => {
    expect(refusal({ ...valid, url: 'shop.example.com/store' })).toEqual({
      url: ['must be a full address starting with http:// or https://, such as https://shop.example.com/store'],
    })
    expect(refusal({ ...valid, admin_url: 'javascript:alert(1)' })).toEqual({
      admin_url: ['must be a full address starting with http:// or https://'],
    })
  })

  it('requires a name and an address, blank counting as missing', () => {
    expect(refusal({ name: '   ' })).toEqual({ name: ['is required'], url: ['is required'] })
    expect(refusal({ name: 5, url: 'https://x.example' })).toEqual({ name: ['must be text'] })
  })

  it('holds each field to its limit, counting characters as people do', () => {
    const max = NEW_SITE_LIMITS.name
    expect(newSiteSchema.safeParse({ ...valid, name: 'n'.repeat(max) }).success).toBe(true)
    expect(refusal({ ...valid, name: 'n'.repeat(max + 1) })).toEqual({ name: [`must be at most ${max} characters (it has ${max + 1})`] })
    // 255 emoji are 510 UTF-16 units but 255 characters.
    expect(newSiteSchema.safeParse({ ...valid, name: '🚀'.repeat(max) }).success).toBe(true)
    expect(characterCount('🚀é')).toBe(2)
    const longUrl = `https://shop.example.com/${'p'.repeat(NEW_SITE_LIMITS.url)}`
    expect(refusal({ ...valid, url: longUrl })).toEqual({ url: [`must be at most ${NEW_SITE_LIMITS.url} characters (it has ${longUrl.length})`] })
    expect(refusal({ ...valid, notes: 'x'.repeat(NEW_SITE_LIMITS.notes + 1) })).toEqual({
      notes: [`must be at most ${NEW_SITE_LIMITS.notes} characters (it has ${NEW_SITE_LIMITS.notes + 1})`],
    })
    expect(refusal({ ...valid, monitor: { look_for_string: 'x'.repeat(NEW_SITE_LIMITS.look_for_string + 1) } })).toHaveProperty(['monitor.look_for_string'])
    expect(refusal({ ...valid, tags: Array.from({ length: NEW_SITE_LIMITS.tags + 1 }, (_, i) => i + 1) })).toEqual({
      tags: [`must name at most ${NEW_SITE_LIMITS.tags} tags`],
    })
  })

  it('refuses a field the spec does not name instead of dropping it', () => {
    const result = newSiteSchema.safeParse({ ...valid, admin_ulr: 'https://x.example' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys')
  })

  it('names the fields of spec 4.1', () => {
    expect([...NEW_SITE_FIELDS].sort()).toEqual(['admin_url', 'cms_id', 'monitor', 'name', 'notes', 'private_key', 'tags', 'url'])
  })
})

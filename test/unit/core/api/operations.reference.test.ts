// The nine operations of spec section 4 against the reference server over loopback HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiteApiClient, type ListProgress, type SiteApi } from '../../../../src/core/api'
import { startReferenceServer, type RunningReferenceServer } from '../../../../src/reference-server'
import { failure } from './support/failure'
import { fakeTiming } from './support/fake-timing'

let server: RunningReferenceServer
let api: SiteApi


beforeAll(async () => {
  server = await startReferenceServer({ seed: 'api-client', sites: 40 })
  api = createSiteApiClient({ baseUrl: server.baseUrl, token: server.tokens[0]!, timing: fakeTiming() })
})

afterAll(async () => {
  await api.close()
  await server.close()
})

describe('SiteApiClient against the reference server', () => {
  it('lists sites page by page with a checked envelope', async () => {
    const first = await api.listSites()
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 15, from: 1, to: 15, total: 40, last_page: 3 })
    expect(first.data).toHaveLength(15)
    expect(first.links.prev).toBeNull()
    expect(first.links.next).toBe(`${server.baseUrl}/sites?page=2`)

    const last = await api.listSites(3)
    expect(last.meta).toMatchObject({ current_page: 3, from: 31, to: 40 })
    expect(last.links.next).toBeNull()
    const site = last.data[0]!
    expect(typeof site.updates_count).toBe('number')
    expect(Object.keys(site.server).sort()).toEqual(['ip', 'mysql', 'php', 'web'])

    // Past the end: Laravel keeps the page asked for and answers an empty page.
    const beyond = await api.listSites(9)
    expect(beyond.data).toEqual([])
    expect(beyond.meta.current_page).toBe(9)
  })

  it('reads every site across pages, reporting progress', async () => {
    const progress: ListProgress[] = []
    const all = await api.listAllSites(undefined, (p) => progress.push(p))
    expect(all).toHaveLength(40)
    expect(new Set(all.map((s) => s.id)).size).toBe(40)
    expect(progress).toEqual([
      { done: 15, total: 40, pagesDone: 1, pagesTotal: 3 },
      { done: 30, total: 40, pagesDone: 2, pagesTotal: 3 },
      { done: 40, total: 40, pagesDone: 3, pagesTotal: 3 },
    ])
  })

  it('reads one site and answers not_found for one that does not exist', async () => {
    const [listed] = (await api.listSites()).data
    const site = await api.getSite(listed!.id)
    expect(site).toEqual(listed)

    const error = await failure(api.getSite(999_999))
    expect(error).toMatchObject({ code: 'not_found', status: 404 })
    expect(error.message).toMatch(/Site 999999 was not found/)
  })

  it('creates a site with the answer shape of spec 2.1, then deletes it (empty 200 body)', async () => {
    const tags = await api.listAllTags()
    const created = await api.createSite({
      name: 'Client API test',
      url: 'https://client-api.test',
      admin_url: 'https://client-api.test/admin',
      notes: 'made by a test',
      private_key: 'secret-key',
      tags: [tags[0]!.id],
      monitor: { look_for_string: 'Welcome' },
    })
    expect(created).toMatchObject({ name: 'Client API test', status: 'Ok', published: null, tags: [], last_check_at: null })
    expect(created.updates_count).toBeUndefined()
    expect(created).not.toHaveProperty('private_key')

    const read = await api.getSite(created.id)
    expect(read.tags.map((t) => t.id)).toEqual([tags[0]!.id])

    await expect(api.deleteSite(created.id)).resolves.toBeUndefined()
    expect((await failure(api.getSite(created.id))).code).toBe('not_found')
    expect((await failure(api.deleteSite(created.id))).code).toBe('not_found')
  })

  it('answers validation with the field messages of a 422', async () => {
    const error = await failure(api.createSite({ name: 'Bad', url: 'https://bad.example', tags: [999_999] }))
    expect(error.code).toBe('validation')
    expect(error.status).toBe(422)
    expect(error.fields?.['tags.0']?.[0]).toMatch(/is invalid/)
    expect(error.message).toMatch(/tags\.0: .*is invalid/)
  })

  it('refuses addresses that are not http(s) before sending, with the channels\' rules', async () => {
    const error = await failure(api.createSite({ name: 'Bad', url: 'not an address', admin_url: 'also bad' }))
    expect(error.code).toBe('invalid_input')
    expect(error.message).toMatch(/url: must be a full address starting with http:\/\/ or https:\/\//)
    expect(error.message).toMatch(/admin_url: must be a full address/)
    // Named by field, like a channel input's refusal, so the New site form puts it on its field.
    expect(error.fields).toEqual({
      url: ['must be a full address starting with http:// or https://'],
      admin_url: ['must be a full address starting with http:// or https://'],
    })
    expect((await failure(api.createSite({ name: 'x'.repeat(256), url: 'https://a.example' }))).message).toMatch(/name: must be at most 255 characters \(it has 256\)/)
    expect((await failure(api.createSite({ name: 'CMS zero', url: 'https://a.example', cms_id: 0 }))).message).toMatch(/cms_id: must be a whole number from 1/)
  })

  it('lists, creates and deletes tags; a duplicate name is a validation error', async () => {
    const before = await api.listTags()
    expect(before.meta.current_page).toBe(1)
    const tag = await api.createTag('  Client test tag  ')
    expect(tag.name).toBe('Client test tag')
    expect(tag.created_at).toBe(tag.updated_at)

    const duplicate = await failure(api.createTag('client TEST tag'))
    expect(duplicate.code).toBe('validation')
    expect(duplicate.fields?.name?.[0]).toMatch(/already been taken/)

    const all = await api.listAllTags()
    expect(all.map((t) => t.id)).toContain(tag.id)
    await api.deleteTag(tag.id)
    expect((await api.listAllTags()).map((t) => t.id)).not.toContain(tag.id)
    expect((await failure(api.deleteTag(tag.id))).code).toBe('not_found')
  })

  it('lists all events by asking /logs for each page, although its links point at a site', async () => {
    const page2 = await api.listEvents(2)
    expect(page2.meta.current_page).toBe(2)
    // Spec 2.4 rule 4: the links name /sites/<id>/logs. The client did not follow them.
    expect(page2.links.next).toMatch(/\/sites\/\d+\/logs\?page=3$/)
    const siteIds = new Set(page2.data.map((e) => e.site_id))
    expect(siteIds.size).toBeGreaterThan(1)
    const ids = page2.data.map((e) => e.id)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
  })

  it('lists the events of one site', async () => {
    const [event] = (await api.listEvents()).data
    const page = await api.listSiteEvents(event!.site_id)
    expect(page.data.length).toBeGreaterThan(0)
    expect(page.data.every((e) => e.site_id === event!.site_id)).toBe(true)
    expect((await failure(api.listSiteEvents(999_999))).code).toBe('not_found')
  })

  it('refuses bad ids and pages before sending anything', async () => {
    const before = server.requestCount()
    const calls = [() => api.getSite(0), () => api.getSite(1.5), () => api.deleteTag(-1), () => api.listSites(0), () => api.listSiteEvents(Number.NaN)]
    for (const call of calls) expect((await failure(call())).code).toBe('invalid_input')
    expect((await failure(api.createTag('   '))).code).toBe('invalid_input')
    expect((await failure(api.createSite({ name: 'x' } as never))).message).toMatch(/url/)
    expect(server.requestCount()).toBe(before)
  })

  it('answers unauthorized with an actionable message for a refused token', async () => {
    const other = createSiteApiClient({ baseUrl: server.baseUrl, token: 'not-the-token', timing: fakeTiming() })
    try {
      const error = await failure(other.listSites())
      expect(error).toEqual({
        code: 'unauthorized',
        status: 401,
        message: 'The server refused the token. Enter a new token for this account.',
      })
    } finally {
      await other.close()
    }
  })

  it('a wrong base URL (not the API root) is not_found with a hint about the address', async () => {
    const wrong = createSiteApiClient({ baseUrl: server.baseUrl.replace(/\/v1$/, ''), token: server.tokens[0]!, timing: fakeTiming() })
    try {
      const error = await failure(wrong.listSites())
      expect(error.code).toBe('not_found')
      expect(error.message).toMatch(/API root/)
    } finally {
      await wrong.close()
    }
  })
})

// Reading all pages: by page number on the list address asked for, stopping with an error
// instead of spinning when the server does not page, repeats itself, or never ends.
import { describe, expect, it } from 'vitest'
import type { SiteApiClientConfig } from '../../../../src/core/api'
import { failure } from './support/failure'
import { envelope, pageOf, sendJson, tag, type Handler } from './support/listener'
import { serveApi, type ServedApi } from './support/serve-api'

const serve = (handler: Handler, extra: Partial<SiteApiClientConfig> = {}): Promise<ServedApi> => serveApi(handler, extra)

const tags = Array.from({ length: 35 }, (_, i) => tag(i + 1))

describe('listAll paging', () => {
  it('asks page=1..last_page on the list address and reports progress', async () => {
    const { api, server } = await serve((req, res) => sendJson(res, 200, envelope(tags, pageOf(req.url), 'http://x/v1/tags')))
    const progress: unknown[] = []
    const all = await api.listAllTags(undefined, (p) => progress.push(p))
    expect(all).toHaveLength(35)
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/tags?page=1', '/v1/tags?page=2', '/v1/tags?page=3'])
    expect(progress).toEqual([
      { done: 15, total: 35, pagesDone: 1, pagesTotal: 3 },
      { done: 30, total: 35, pagesDone: 2, pagesTotal: 3 },
      { done: 35, total: 35, pagesDone: 3, pagesTotal: 3 },
    ])
  })

  it('reads an empty list with one request', async () => {
    const { api, server } = await serve((_req, res) => sendJson(res, 200, envelope([], 1, 'http://x/v1/tags')))
    expect(await api.listAllTags()).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('keeps an item once when the list shifts while it is read', async () => {
    let shifted = [...tags]
    const { api } = await serve((req, res) => {
      const page = pageOf(req.url)
      sendJson(res, 200, envelope(shifted, page, 'http://x/v1/tags'))
      // A new tag arrives at the front after page 1 went out: page 2 repeats tag 15.
      if (page === 1) shifted = [tag(100), ...tags]
    })
    const all = await api.listAllTags()
    // Tag 100 landed on page 1 after it was read: the last page's total (36) disagrees with the
    // 35 read, so page 1 is read again and brings it. Kept once each, the newcomer first.
    expect(all.map((t) => t.id)).toEqual([100, ...tags.map((t) => t.id)])
  })

  it('stops when the server ignores the page parameter', async () => {
    const { api, server } = await serve((_req, res) => sendJson(res, 200, envelope(tags, 1, 'http://x/v1/tags')))
    const error = await failure(api.listAllTags())
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/page 2 was asked for but meta.current_page is 1/)
    expect(server.requests).toHaveLength(2)
  })

  it('stops when pages repeat the same items under new page numbers (a loop)', async () => {
    const { api, server } = await serve((req, res) => {
      const page = pageOf(req.url)
      const body = envelope(tags, 1, 'http://x/v1/tags')
      const from = (page - 1) * 15 + 1
      sendJson(res, 200, {
        ...body,
        links: { ...body.links, next: `http://x/v1/tags?page=${page + 1}` },
        meta: { ...body.meta, current_page: page, last_page: 3, from, to: from + 14, total: 45 },
      })
    })
    const error = await failure(api.listAllTags())
    expect(error.message).toMatch(/page 2 repeats items already read/)
    expect(server.requests).toHaveLength(2)
  })

  it('stops when links.next does not advance', async () => {
    const { api } = await serve((req, res) => {
      const body = envelope(tags, pageOf(req.url), 'http://x/v1/tags')
      sendJson(res, 200, { ...body, links: { ...body.links, next: body.links.next === null ? null : 'http://x/v1/tags?page=1' } })
    })
    const error = await failure(api.listAllTags())
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/links\.next .* does not lead past page 1/)
  })

  it('never quotes links.next in its message: a server may echo the token into it', async () => {
    const token = 'paging-secret-token-42'
    const leaks = [
      // On the last page, but links.next still names a page.
      (body: ReturnType<typeof envelope>) => ({ ...body, links: { ...body.links, next: `http://x/v1/tags?page=9&token=${token}` } }),
      // A next link that does not advance.
      (body: ReturnType<typeof envelope>) => ({ ...body, links: { ...body.links, next: `http://x/v1/tags?page=1&token=${token}` } }),
      // A next link without a page number.
      (body: ReturnType<typeof envelope>) => ({ ...body, links: { ...body.links, next: `http://x/v1/${token}/tags` } }),
    ]
    const expected = [/last page but links\.next still names a next page/, /links\.next names page 1/, /links\.next names no page number/]
    for (const [index, leak] of leaks.entries()) {
      const { api } = await serve(
        (req, res) => sendJson(res, 200, leak(envelope(index === 0 ? tags.slice(0, 5) : tags, pageOf(req.url), 'http://x/v1/tags'))),
        { token },
      )
      const error = await failure(index === 0 ? api.listTags() : api.listAllTags())
      expect(error.code).toBe('bad_response')
      expect(error.message).toMatch(expected[index]!)
      expect(error.message).not.toContain(token)
    }
  })

  it('stops when meta and links disagree about a next page', async () => {
    const { api } = await serve((req, res) => {
      const body = envelope(tags, pageOf(req.url), 'http://x/v1/tags')
      sendJson(res, 200, { ...body, links: { ...body.links, next: null } })
    })
    expect((await failure(api.listAllTags())).message).toMatch(/meta says page 1 of 3 but links.next is null/)
  })

  it('gives up after maxPages', async () => {
    const many = Array.from({ length: 15 * 12 }, (_, i) => tag(i + 1))
    const { api, server } = await serve((req, res) => sendJson(res, 200, envelope(many, pageOf(req.url), 'http://x/v1/tags')), { maxPages: 5 })
    expect((await failure(api.listAllTags())).message).toMatch(/more than 5 pages/)
    expect(server.requests).toHaveLength(5)
  })

  it('stops between pages when cancelled', async () => {
    const controller = new AbortController()
    const { api, server } = await serve((req, res) => sendJson(res, 200, envelope(tags, pageOf(req.url), 'http://x/v1/tags')))
    const error = await failure(api.listAllTags(controller.signal, () => controller.abort()))
    expect(error.code).toBe('cancelled')
    expect(server.requests).toHaveLength(1)
  })
})

// A whole list read keeps every page's items in memory until it ends, so the pages together
// must stay within a byte budget: a server sending 4.5 MB pages once filled the heap after 909
// pages. Tested with a small budget; the default is 256 MiB.
import { describe, expect, it } from 'vitest'
import type { SiteApiClientConfig } from '../../../../src/core/api'
import { DEFAULT_MAX_LIST_BYTES } from '../../../../src/core/api/read-budget'
import { failure } from './support/failure'
import { envelope, pageOf, sendJson, tag } from './support/listener'
import { serveApi, type ServedApi } from './support/serve-api'

/** 300 tags of about 1 KB each (15 a page, 20 pages), every page about 16 KB. */
const bulky = Array.from({ length: 300 }, (_, i) => tag(i + 1, { name: `Tag ${i + 1} ${'x'.repeat(1000)}` }))

const serve = (extra: Partial<SiteApiClientConfig>): Promise<ServedApi> =>
  serveApi((req, res) => sendJson(res, 200, envelope(bulky, pageOf(req.url), 'http://x/v1/tags')), extra)

describe('the byte budget of a whole list read', () => {
  it('stops a read whose pages add up to more than the budget, with a clear bad_response', async () => {
    const { api, server } = await serve({ maxListBytes: 100_000 })
    const error = await failure(api.listAllTags())
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/^Stopped reading the list of tags: the list is larger than the app will read \(98 KB\)/)
    // Stopped once the budget ran out, not at the end of the list (and nothing left running).
    expect(server.requests.length).toBeLessThan(20)
  })

  it('reads a list within the budget whole, and each read has a budget of its own', async () => {
    const { api } = await serve({ maxListBytes: 400_000 })
    expect(await api.listAllTags()).toHaveLength(300)
    expect(await api.listAllTags()).toHaveLength(300)
  })

  it('does not count single pages asked for on their own', async () => {
    const { api } = await serve({ maxListBytes: 20_000 })
    for (let page = 1; page <= 5; page++) expect((await api.listTags(page)).data).toHaveLength(15)
  })

  it('is 256 MiB unless configured', () => {
    expect(DEFAULT_MAX_LIST_BYTES).toBe(256 * 1024 * 1024)
  })
})

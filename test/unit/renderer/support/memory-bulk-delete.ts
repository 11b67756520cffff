// The bulk:delete* channels for the renderer tests, answered by core's own job and channel work
// (core/bulk, what core/channels/bulk-channels.ts runs; without the input schemas, whose account ids are
// UUIDs where these tests name accounts 'a' and 'b'), never a second copy: a request is resolved
// through the fake's sites:query (itself core's query engine over memoryCore's arrays), each site
// is deleted through the fake's sites:delete (which a test scripts to fail or wait), and the
// progress is pushed on the fake as core pushes it (throttled, on the real clock).
import { MAX_QUERY_ROWS, type SiteRow } from '../../../../src/shared'
import { bulkDeleteWork, DeleteJobs, deleteTargets } from '../../../../src/core/bulk'
import { toResult } from '../../../../src/core/errors'
import { createFakeApi, type FakeApi } from './fake-api'

type Methods = NonNullable<Parameters<typeof createFakeApi>[0]>

/** A fake whose bulk channels run core's job over its own sites:query and sites:delete. */
export function createFakeApiWithBulkDelete(methods: Methods): FakeApi {
  let fake: FakeApi | null = null
  const api = () => fake!.api
  const jobs = new DeleteJobs({
    deleteSite: (accountId, siteId) => api().sitesDelete({ accountId, siteId }),
    push: (progress) => fake!.emit('bulk:progress', progress),
  })
  const work = bulkDeleteWork(jobs, async ({ query, except }) => {
    const left = new Set(except ?? [])
    const rows: SiteRow[] = []
    for (let offset = 0; ; offset += MAX_QUERY_ROWS) {
      const page = await api().sitesQuery({ ...query, offset, limit: MAX_QUERY_ROWS })
      if (!page.ok) throw new Error(page.error.message)
      rows.push(...page.value.rows.filter((row) => !left.has(row.key)))
      if (page.value.rows.length < MAX_QUERY_ROWS) return deleteTargets(rows)
    }
  })
  fake = createFakeApi({
    ...methods,
    bulkDeletePrepare: (input) => toResult(() => work['bulk:deletePrepare'](input)),
    bulkDeleteItems: (input) => toResult(() => work['bulk:deleteItems'](input)),
    bulkDeleteRun: (input) => toResult(() => work['bulk:deleteRun'](input)),
    bulkDeleteRetryFailed: (input) => toResult(() => work['bulk:deleteRetryFailed'](input)),
    bulkDeleteStop: (input) => toResult(() => work['bulk:deleteStop'](input)),
    bulkDeleteRemoved: (input) => toResult(() => work['bulk:deleteRemoved'](input)),
    bulkDeleteForget: (input) => toResult(() => work['bulk:deleteForget'](input)),
  })
  return fake
}

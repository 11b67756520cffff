// Which sites of an account are at these addresses, however each was written (site-draft.ts's
// addressKey): the New site form's "already there" and the import's "Already present". The
// renderer holds no list of sites, so core is asked, one search per address (core's search
// looks in the address without its scheme), a few at a time; what comes back is compared by
// address key here, so a search that also finds longer addresses does no harm.
import type { Result, Site, SiteManagerApi } from '../../../shared'
import { EMPTY_FILTER } from '../../../shared/sites-query'
import { call } from './call'
import { addressKey } from './site-draft'

/** Searches run at once: the store answers each in a moment, and the socket stays free for others. */
const AT_ONCE = 8
/** Sites one search may bring back: the twins of one address and a few longer ones. */
const PER_ADDRESS = 50

/** The account's sites whose address key is one of these addresses' (texts that are not addresses are skipped). */
export async function sitesAtAddresses(api: Pick<SiteManagerApi, 'sitesQuery'>, accountId: string, urls: readonly string[]): Promise<Result<Site[]>> {
  const wanted = new Set<string>()
  for (const url of urls) {
    const key = addressKey(url)
    if (key) wanted.add(key)
  }
  const keys = [...wanted]
  const found = new Map<number, Site>()
  for (let at = 0; at < keys.length; at += AT_ONCE) {
    const answers = await Promise.all(
      keys.slice(at, at + AT_ONCE).map((key) =>
        call(() =>
          api.sitesQuery({
            scope: [accountId],
            filter: { ...EMPTY_FILTER, search: key },
            sort: [{ key: 'name', direction: 'asc' }],
            offset: 0,
            limit: PER_ADDRESS,
          }),
        ),
      ),
    )
    for (const answer of answers) {
      if (!answer.ok) return answer
      for (const row of answer.value.rows) {
        const key = addressKey(row.site.url)
        if (key && wanted.has(key)) found.set(row.site.id, row.site)
      }
    }
  }
  return { ok: true, value: [...found.values()] }
}

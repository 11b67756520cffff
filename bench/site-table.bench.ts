// The work behind every keystroke in the sites table: filter then sort the whole list, with the
// renderer's pure filterSites/sortSites, over 10,000 sites of the reference server's seeded
// generator in the API's wire format (names in creation order, not sorted; realistic server,
// PHP and tag values).
import { EMPTY_FILTER, filterSites, sortSites } from '../src/renderer/src/lib/site-query'
import { generateState } from '../src/reference-server/seed/generate'
import { siteToWire } from '../src/reference-server/wire'
import { heading, line, medianMs } from './measure'

const COUNT = 10_000
const generated = generateState({ seed: 'bench', tokens: ['bench'], size: { sites: COUNT, tags: 8, events: COUNT * 4 }, anchor: new Date() })
const account = generated.accounts[0]!
const sites = account.sites.map((site) => siteToWire(site, account))
const sortedByName = sites.every((site, i) => i === 0 || sites[i - 1]!.name.localeCompare(site.name) <= 0)
if (sortedByName) throw new Error('the generated names are sorted: the sort figures would flatter')
const tagId = account.tags[2]?.id ?? 1

heading(`Sites table: filter and sort ${COUNT.toLocaleString('en')} sites in the renderer's pure functions`)
line(`sort ${COUNT} sites by name`, await medianMs(15, () => sortSites(sites, [{ key: 'name', direction: 'asc' }])), 'ms')
line(`sort ${COUNT} sites by PHP version`, await medianMs(15, () => sortSites(sites, [{ key: 'php', direction: 'desc' }])), 'ms')
line(
  `filter ${COUNT} sites by search text, then sort`,
  await medianMs(15, () => sortSites(filterSites(sites, { ...EMPTY_FILTER, search: 'bakery' }), [{ key: 'name', direction: 'asc' }])),
  'ms',
)
line(
  `filter ${COUNT} sites by tag + has updates`,
  await medianMs(15, () => filterSites(sites, { ...EMPTY_FILTER, tagIds: [tagId], hasUpdates: true })),
  'ms',
)

// The Health filter, facet and sort of the Sites query: core's findings (QueryAccount.health,
// core/health/site-findings.ts) filter rows by cause, are counted per cause like the other
// facets (over the search and every other filter), sort a row by its worst finding, and ride
// on each row; a new findings map starts the scope's caches over, the same one keeps them.
import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, HEALTH_CAUSES, HEALTH_CAUSE_LEVEL, type HealthCause, type HealthFinding, type SiteFilter, type SitesQuery } from '../../../../src/shared'
import { makeSite } from '../../support/domain-objects'
import { ACCOUNT_A, ACCOUNT_B, queryFixture, type QueryRunner } from './query-fixture'

const withSites = await queryFixture()

const finding = (cause: HealthCause, label: string = cause): HealthFinding => ({
  check: cause === 'endOfLife' ? 'eol' : cause.startsWith('cert') ? 'tls' : 'reachability',
  cause,
  level: HEALTH_CAUSE_LEVEL[cause],
  reason: `${label}.`,
  label,
  since: '2026-11-02T10:00:00.000Z',
})

const sites = [
  makeSite(1, { name: 'Alpha', server: { ip: null, web: null, php: '8.1.27', mysql: null } }),
  makeSite(2, { name: 'Bravo', server: { ip: null, web: null, php: '8.3.1', mysql: null } }),
  makeSite(3, { name: 'Charlie', server: { ip: null, web: null, php: '8.1.27', mysql: null } }),
  makeSite(4, { name: 'Delta', server: { ip: null, web: null, php: '8.3.1', mysql: null } }),
]
// Alpha is down and past end of life, Bravo's certificate is expiring, Charlie is slow, Delta has nothing.
const health = new Map<number, HealthFinding[]>([
  [1, [finding('down', 'Down'), finding('endOfLife', 'PHP 8.1 without security fixes since 31 Dec 2025')]],
  [2, [finding('certificateExpiring', 'Certificate expires in 9 days')]],
  [3, [finding('slow', 'Slow')]],
])

function run(q: QueryRunner, filter: Partial<SiteFilter>, extra: Partial<SitesQuery> = {}, findings: ReadonlyMap<number, HealthFinding[]> = health) {
  const accounts = q.accounts([ACCOUNT_A]).map((account) => ({ ...account, health: findings }))
  return q.engine.query(accounts, { scope: [ACCOUNT_A], sort: [], offset: 0, limit: 100, ...extra, filter: { ...EMPTY_FILTER, ...filter } })
}
const names = (page: ReturnType<typeof run>) => page.rows.map((row) => row.site.name)

describe('the Health filter of the Sites query', () => {
  it('shows the sites with any ticked finding, and hands every row its findings', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites } })
    expect(names(run(q, { health: ['down'] }))).toEqual(['Alpha'])
    expect(names(run(q, { health: ['slow', 'certificateExpiring'] }))).toEqual(['Bravo', 'Charlie'])
    expect(names(run(q, { health: ['dnsElsewhere'] }))).toEqual([])
    // Combined with another filter: both must hold.
    expect(names(run(q, { health: ['down', 'slow'], php: ['8.1.27'] }))).toEqual(['Alpha', 'Charlie'])
    expect(names(run(q, { health: ['endOfLife'], search: 'char' }))).toEqual([])
    const rows = run(q, {}).rows
    expect(rows.find((row) => row.site.id === 1)?.health?.map((f) => f.label)).toEqual(['Down', 'PHP 8.1 without security fixes since 31 Dec 2025'])
    expect(rows.find((row) => row.site.id === 4)).not.toHaveProperty('health')
  })

  it('hands a table row only what its Health cell shows, and no findings while Health is hidden', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites } })
    const alpha = (columns?: SitesQuery['columns']) => run(q, {}, columns ? { columns } : {}).rows.find((row) => row.site.id === 1)
    expect(alpha(['name', 'health'])?.health).toEqual([
      { level: 'error', label: 'Down', reason: 'Down.' },
      { level: HEALTH_CAUSE_LEVEL.endOfLife, label: 'PHP 8.1 without security fixes since 31 Dec 2025', reason: 'PHP 8.1 without security fixes since 31 Dec 2025.' },
    ])
    expect(alpha(['name', 'status'])).not.toHaveProperty('health')
    // Whole sites (bulk actions, exports) keep whole findings.
    expect(alpha()?.health?.[0]).toEqual(finding('down', 'Down'))
  })

  it('counts each cause over the search and the other filters, not its own', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites } })
    const facet = (filter: Partial<SiteFilter>) => Object.fromEntries(run(q, filter, { facets: true }).facets!.health.map((v) => [v.value, v.count]))
    const all = run(q, {}, { facets: true }).facets!.health
    // Every cause is listed, in HEALTH_CAUSES' order, with its name.
    expect(all.map((v) => v.value)).toEqual([...HEALTH_CAUSES])
    expect(all.find((v) => v.value === 'certificateExpiring')?.label).toBe('Certificate expiring')
    expect(facet({})).toMatchObject({ down: 1, slow: 1, certificateExpiring: 1, endOfLife: 1, dnsElsewhere: 0 })
    // Ticking Down does not change the Health counts (its own facet), but narrows the PHP ones.
    expect(facet({ health: ['down'] })).toMatchObject({ down: 1, slow: 1, certificateExpiring: 1 })
    expect(run(q, { health: ['down'] }, { facets: true }).facets!.php.map((v) => `${v.value} (${v.count})`)).toEqual(['8.1.27 (1)'])
    // Another filter narrows the Health counts.
    expect(facet({ php: ['8.3.1'] })).toMatchObject({ down: 0, slow: 0, certificateExpiring: 1, endOfLife: 0 })
    // What a count says is what ticking it shows.
    for (const value of all) expect(run(q, { health: [value.value] }).total).toBe(value.count)
  })

  it('sorts by the worst finding: problems first descending, healthy sites first ascending', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites } })
    // Down (an error) first; then the two warnings in the causes' order: Slow before Certificate expiring.
    expect(names(run(q, {}, { sort: [{ key: 'health', direction: 'desc' }] }))).toEqual(['Alpha', 'Charlie', 'Bravo', 'Delta'])
    expect(names(run(q, {}, { sort: [{ key: 'health', direction: 'asc' }] }))).toEqual(['Delta', 'Bravo', 'Charlie', 'Alpha'])
    // A selection named row by row is ordered the same way.
    const keyed = run(q, {}, { sort: [{ key: 'health', direction: 'desc' }], keys: [`${ACCOUNT_A}:4`, `${ACCOUNT_A}:1`, `${ACCOUNT_A}:3`] })
    expect(names(keyed)).toEqual(['Alpha', 'Charlie', 'Delta'])
  })

  it('answers from new findings once the map changes, from its caches while it is the same', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites } })
    expect(run(q, { health: ['down'] }).total).toBe(1)
    const recovered = new Map(health)
    recovered.delete(1)
    expect(run(q, { health: ['down'] }, {}, recovered).total).toBe(0)
    expect(run(q, {}, { facets: true }, recovered).facets!.health.find((v) => v.value === 'down')?.count).toBe(0)
  })

  it('filters a scope of several accounts by each account\'s own findings', async () => {
    const q = await withSites({ [ACCOUNT_A]: { sites }, [ACCOUNT_B]: { sites } })
    const accounts = q.accounts([ACCOUNT_A, ACCOUNT_B]).map((account) => (account.accountId === ACCOUNT_A ? { ...account, health } : account))
    const page = q.engine.query(accounts, { scope: [ACCOUNT_A, ACCOUNT_B], sort: [], offset: 0, limit: 100, filter: { ...EMPTY_FILTER, health: ['down', 'slow'] } })
    expect(page.rows.map((row) => row.key)).toEqual([`${ACCOUNT_A}:1`, `${ACCOUNT_A}:3`])
  })
})

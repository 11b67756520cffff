// Every channel checks its input in core before using it: a bad input answers invalid_input
// naming what is wrong, and never throws across the boundary.
import { afterEach, describe, expect, it } from 'vitest'
import { EMPTY_FILTER, REQUEST_CHANNELS, type RequestChannel } from '../../../../src/shared'
import { SqliteWorkspaceStore } from '../../../../src/core/store/sqlite-workspace-store'
import { makeCore } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'

const dirs = await withTempDirs()
afterEach(() => dirs.cleanup())

const id = '6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'

const sitesQuery = {
  scope: [id],
  filter: { search: '', php: [], mysql: [], web: [], status: [], tags: [], tagMode: 'any', hasUpdates: false, neverChecked: false, accounts: [] },
  sort: [],
  offset: 0,
  limit: 50,
}

const badInputs: [RequestChannel, unknown, string][] = [
  ['app:info', { extra: 1 }, 'input'],
  ['accounts:list', 'all', 'input'],
  ['accounts:add', { label: '', baseUrl: 'https://example.com/api/v1', token: 't' }, 'label'],
  ['accounts:add', { label: 'A', baseUrl: 'https://example.com/api/v1', token: 'has space' }, 'token'],
  ['accounts:add', { label: 'A', baseUrl: 'https://example.com/api/v1' }, 'token'],
  ['accounts:add', { label: 'A', baseUrl: 'https://example.com/api/v1', token: 't', admin: true }, 'input'],
  ['accounts:add', { label: 'A', baseUrl: 'ftp://example.com/api/v1', token: 't' }, 'https://'],
  ['accounts:add', { label: 'A', baseUrl: 'https://user:pw@example.com/api/v1', token: 't' }, 'user name'],
  ['accounts:add', { label: 'A', baseUrl: 'http://example.com/api/v1', token: 't' }, 'https://'],
  ['accounts:add', null, 'input'],
  ['accounts:rename', { accountId: 'not-an-id', label: 'B' }, 'accountId'],
  ['accounts:rename', { accountId: id, label: 'x'.repeat(81) }, 'label'],
  ['accounts:replaceToken', { accountId: id, token: '' }, 'token'],
  ['accounts:remove', {}, 'accountId'],
  ['accounts:setActive', { accountId: 42 }, 'accountId'],
  ['demo:open', 'now', 'input'],
  ['sync:cancel', { accountId: id, page: 2 }, 'input'],
  ['sync:cancel', {}, 'accountId'],
  ['workspace:scope', { scope: [] }, 'scope'],
  ['workspace:scope', { scope: [id, id] }, 'scope'],
  ['workspace:scope', { scope: ['not-an-id'] }, 'scope.0'],
  ['workspace:scope', { accountId: id }, 'scope'],
  ['sites:query', { ...sitesQuery, scope: [] }, 'scope'],
  ['sites:query', { ...sitesQuery, scope: Array.from({ length: 501 }, (_v, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }, 'scope'],
  ['sites:query', { ...sitesQuery, filter: { ...sitesQuery.filter, search: 'x'.repeat(501) } }, 'filter.search'],
  ['sites:query', { ...sitesQuery, filter: { ...sitesQuery.filter, php: ['x'.repeat(201)] } }, 'filter.php.0'],
  ['sites:query', { ...sitesQuery, filter: { ...sitesQuery.filter, tags: [7] } }, 'filter.tags.0'],
  ['sites:query', { ...sitesQuery, filter: { ...sitesQuery.filter, tags: ['VIP'] } }, 'filter.tags.0'],
  ['sites:query', { ...sitesQuery, filter: { ...sitesQuery.filter, tagMode: 'some' } }, 'filter.tagMode'],
  ['sites:query', { ...sitesQuery, filter: { ...sitesQuery.filter, accounts: ['nope'] } }, 'filter.accounts.0'],
  ['sites:query', { ...sitesQuery, filter: { search: '' } }, 'filter.php'],
  ['sites:query', { ...sitesQuery, sort: [{ key: 'colour', direction: 'asc' }] }, 'sort.0.key'],
  ['sites:query', { ...sitesQuery, sort: [{ key: 'name', direction: 'up' }] }, 'sort.0.direction'],
  ['sites:query', { ...sitesQuery, sort: [{ key: 'name', direction: 'asc' }, { key: 'php', direction: 'asc' }, { key: 'web', direction: 'asc' }] }, 'sort'],
  ['sites:query', { ...sitesQuery, offset: -1 }, 'offset'],
  ['sites:query', { ...sitesQuery, offset: 1.5 }, 'offset'],
  ['sites:query', { ...sitesQuery, limit: 1001 }, 'limit'],
  ['sites:query', { ...sitesQuery, limit: -1 }, 'limit'],
  ['sites:query', { ...sitesQuery, keys: [`${id}:0`] }, 'keys.0'],
  ['sites:query', { ...sitesQuery, keys: Array.from({ length: 50_001 }, (_v, i) => `${id}:${i + 1}`) }, 'keys'],
  ['sites:query', { ...sitesQuery, facets: 'yes' }, 'facets'],
  ['sites:query', { ...sitesQuery, page: 2 }, 'input'],
  ['events:query', { scope: [id], limit: 0 }, 'limit'],
  ['events:query', { scope: [id], limit: 501 }, 'limit'],
  ['events:query', { accountId: id }, 'scope'],
  ['events:query', { scope: [] }, 'scope'],
  ['events:query', { scope: [id, id] }, 'scope'],
  ['events:query', { scope: Array.from({ length: 501 }, (_v, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }, 'scope'],
  ['events:query', { scope: ['not-an-id'] }, 'scope.0'],
  ['events:query', { scope: [id], site: 3 }, 'site'],
  ['events:query', { scope: [id], site: `${id}:0` }, 'site'],
  ['events:query', { scope: [id], site: 'nope:3' }, 'site'],
  ['events:query', { scope: [id], siteId: 3 }, 'siteId'],
  ['events:query', { scope: [id], from: 'yesterday' }, 'from'],
  ['events:query', { scope: [id], text: 'x'.repeat(201) }, 'text'],
  ['events:query', { scope: [id], types: 'update' }, 'types'],
  ['events:query', { scope: [id], after: { id: 3, accountId: id } }, 'after.createdAt'],
  ['events:query', { scope: [id], after: { createdAt: '2026-11-02T10:00:00Z', id: 3 } }, 'after.accountId'],
  ['sync:now', { accountId: 'nope' }, 'accountId'],
  ['sync:cancel', undefined, 'input'],
  ['sync:site', { accountId: id, siteId: -1 }, 'siteId'],
  ['sync:site', { accountId: id, siteId: '3' }, 'siteId'],
  ['sync:states', 'all', 'input'],
  ['sites:create', { accountId: id, site: { name: 'A' } }, 'site.url'],
  ['sites:create', { accountId: id, site: { name: 'A', url: 'javascript:alert(1)' } }, 'site.url'],
  ['sites:create', { accountId: id, site: { name: 'A', url: 'https://a.test', tags: ['x'] } }, 'site.tags.0'],
  ['sites:create', { accountId: id, site: { name: 'A', url: 'https://a.test', status: 'Ok' } }, 'site'],
  ['sites:delete', { accountId: id }, 'siteId'],
  ['tags:create', { accountId: id, name: '   ' }, 'name'],
  ['tags:delete', { accountId: id, tagId: 0 }, 'tagId'],
  ['settings:set', { theme: 'blue' }, 'theme'],
  ['prefs:get', { key: '../etc' }, 'key'],
  ['prefs:get', {}, 'key'],
  ['prefs:set', { key: 'sites.columns', value: () => 1 }, 'value'],
  ['prefs:set', { key: 'sites.columns', value: 'x'.repeat(300 * 1024) }, 'value'],
  ['export:sites', { query: { scope: [id], filter: EMPTY_FILTER, sort: [] }, columns: ['name', 'name'], format: 'csv' }, 'columns'],
  ['export:sites', { query: { scope: [id], filter: EMPTY_FILTER, sort: [] }, columns: ['secret'], format: 'csv' }, 'columns.0'],
  ['export:sites', { query: { scope: [id], filter: EMPTY_FILTER, sort: [] }, columns: ['name'], format: 'xlsx' }, 'format'],
  ['export:sites', { query: { scope: [id], filter: EMPTY_FILTER, sort: [], offset: 0, limit: 10 }, columns: ['name'], format: 'csv' }, 'query'],
  ['export:sites', { query: { scope: [id], filter: EMPTY_FILTER, sort: [] }, columns: ['name'], format: 'csv', path: '/etc/passwd' }, 'path'],
  ['events:daily', { scope: [id], days: 0, utcOffsetMinutes: 0 }, 'days'],
  ['events:daily', { scope: [id], days: 30, utcOffsetMinutes: 15 * 60 }, 'utcOffsetMinutes'],
  ['events:daily', { accountId: id, days: 30, utcOffsetMinutes: 0 }, 'scope'],
  ['events:daily', { scope: [], days: 30, utcOffsetMinutes: 0 }, 'scope'],
  ['history:site', { accountId: id, siteId: 0 }, 'siteId'],
  ['history:site', { accountId: id, siteId: 3, limit: 1001 }, 'limit'],
  ['history:trend', { scope: [id], days: 0 }, 'days'],
  ['history:trend', { scope: [id], days: 3651 }, 'days'],
  ['history:trend', { accountId: id, days: 90 }, 'scope'],
  ['overview:stats', { scope: [] }, 'scope'],
  ['overview:stats', { scope: [id], now: 'yesterday' }, 'now'],
  ['settings:set', { historyRetentionDays: 6 }, 'historyRetentionDays'],
  ['settings:set', { historyRetentionDays: 3651 }, 'historyRetentionDays'],
  ['settings:set', { historyRetentionDays: 30.5 }, 'historyRetentionDays'],
  ['settings:set', { notifyOn: { newUpdateEvents: true } }, 'notifyOn'],
  ['export:events', { scope: [id], limit: 10 }, 'limit'],
  ['export:events', { scope: [] }, 'scope'],
  ['settings:get', { any: 1 }, 'input'],
  ['report:build', { selection: { scope: [id], filter: EMPTY_FILTER, label: 'x' }, period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'UTC' }, sections: ['cover'], notes: '' }, 'sections'],
  ['report:build', { selection: { scope: [], filter: EMPTY_FILTER, label: 'x' }, period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'UTC' }, sections: [], notes: '' }, 'selection'],
  ['report:csv', { request: { selection: { scope: [id], filter: EMPTY_FILTER, label: 'x' }, period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'UTC' }, sections: [], notes: '' }, table: 'secrets' }, 'table'],
  ['report:pdf', { request: {}, templateId: null }, 'request'],
  ['report:templates', { any: 1 }, 'input'],
  ['report:saveTemplate', { name: 'A', agencyName: 'A', accent: '#123456', coverLine: '', footer: '', showAppName: false, logo: 'file:///etc/passwd' }, 'logo'],
  ['report:deleteTemplate', { id: 'not-an-id' }, 'id'],
  ['report:allClients', { scope: [id], period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'UTC' }, sections: [], notes: '', templateId: null, folder: '/tmp' }, 'folder'],
  ['report:stopAll', { now: true }, 'input'],
  ['bulk:deletePrepare', { query: { scope: [id], filter: EMPTY_FILTER, sort: [], offset: 0, limit: 10 } }, 'query'],
  ['bulk:deletePrepare', { query: { scope: [id], filter: EMPTY_FILTER, sort: [] }, except: ['not a key'] }, 'except'],
  ['bulk:deleteItems', { jobId: id, offset: 0, limit: 201 }, 'limit'],
  ['bulk:deleteItems', { jobId: id, offset: -1, limit: 10 }, 'offset'],
  ['bulk:deleteItems', { jobId: id, offset: 0, limit: 10, states: ['lost'] }, 'states'],
  ['bulk:deleteRun', { jobId: 'job-1' }, 'jobId'],
  ['bulk:deleteRetryFailed', {}, 'jobId'],
  ['bulk:deleteStop', { jobId: id, now: true }, 'now'],
  ['bulk:deleteRemoved', { jobId: 7 }, 'jobId'],
  ['bulk:deleteForget', { jobId: '../jobs' }, 'jobId'],
  ['settings:set', { syncIntervalMinutes: 0 }, 'syncIntervalMinutes'],
  ['settings:set', { syncIntervalMinutes: 1441 }, 'syncIntervalMinutes'],
  ['settings:set', { syncIntervalMinutes: 2.5 }, 'syncIntervalMinutes'],
  ['settings:set', { colour: 'dark' }, 'colour'],
  ['health:scope', { scope: [] }, 'scope'],
  ['health:site', { site: 'nope' }, 'site'],
  ['health:settings', { any: 1 }, 'input'],
  ['health:setSettings', { intervalMinutes: 0 }, 'intervalMinutes'],
  ['health:setSettings', { slowThresholdMs: 60_001 }, 'slowThresholdMs'],
  ['health:setSettings', { warningDays: 1.5 }, 'warningDays'],
  ['health:setSettings', { site: { site: `${id}:3`, lookFor: 'x'.repeat(201) } }, 'site.lookFor'],
  ['health:setSettings', { account: { accountId: 'nope', enabled: false } }, 'account.accountId'],
  ['app:notices', 5, 'input'],
]

describe('channel input validation', () => {
  it.each(badInputs)('%s refuses %j, naming %s', async (channel, input, named) => {
    const { call } = makeCore(await dirs.make())
    const result = await call(channel, input)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('invalid_input')
    expect(result.error.message).toContain(named)
  })

  it('covers every channel of the contract', () => {
    const covered = new Set(badInputs.map(([channel]) => channel))
    expect(REQUEST_CHANNELS.filter((c) => !covered.has(c))).toEqual([])
  })

  it('never echoes a refused token', async () => {
    const { call } = makeCore(await dirs.make())
    const secret = 'very secret token with spaces'
    const result = await call('accounts:add', { label: 'A', baseUrl: 'https://example.com/api/v1', token: secret })
    expect(JSON.stringify(result)).not.toContain('secret')
  })

  it('ties a refused base URL to its form field', async () => {
    const { call } = makeCore(await dirs.make())
    const result = await call('accounts:add', { label: 'A', baseUrl: 'http://example.com/api/v1', token: 't' })
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { baseUrl: [expect.any(String)] } } })
  })

  it('answers not_found for a well-formed id that is no account', async () => {
    const { call } = makeCore(await dirs.make())
    for (const [channel, input] of [
      ['workspace:scope', { scope: [id] }],
      ['sites:query', { scope: [id], filter: EMPTY_FILTER, sort: [], offset: 0, limit: 10 }],
      ['events:query', { scope: [id] }],
      ['events:daily', { scope: [id], days: 30, utcOffsetMinutes: 0 }],
      ['sync:now', { accountId: id }],
      ['sync:site', { accountId: id, siteId: 1 }],
      ['history:site', { accountId: id, siteId: 1 }],
      ['history:trend', { scope: [id], days: 90 }],
      ['overview:stats', { scope: [id] }],
    ] as const) {
      expect(await call(channel, input)).toMatchObject({ ok: false, error: { code: 'not_found' } })
    }
  })

  it('keeps the sync interval the person sets, within bounds, across a restart', async () => {
    const dataDir = await dirs.make()
    const first = makeCore(dataDir)
    expect(await first.value('settings:get')).toEqual({ syncIntervalMinutes: 5, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    expect(await first.value('settings:set', { syncIntervalMinutes: 15 })).toEqual({ syncIntervalMinutes: 15, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    expect(await first.value('settings:set', { theme: 'dark' })).toEqual({ syncIntervalMinutes: 15, theme: 'dark', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    await first.core.dispose()
    const second = makeCore(dataDir)
    expect(await second.value('settings:get')).toEqual({ syncIntervalMinutes: 15, theme: 'dark', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    await second.core.dispose()
  })

  it('keeps prefs across a restart and drops the prefs of a removed account', async () => {
    const dataDir = await dirs.make()
    const first = makeCore(dataDir)
    const other = '0b7c7a3e-4a51-4bb5-9d58-8a3f0f5e7a11'
    expect(await first.value('prefs:get', { key: 'sites.columns' })).toBeNull()
    await first.value('prefs:set', { key: 'sites.columns', value: { widths: { name: 240 } } })
    await first.value('prefs:set', { key: `sites.view:${id}`, value: { search: 'nginx' } })
    await first.value('prefs:set', { key: `sites.view:${other}`, value: { search: 'php' } })
    await first.core.dispose()
    const second = makeCore(dataDir)
    expect(await second.value('prefs:get', { key: 'sites.columns' })).toEqual({ widths: { name: 240 } })
    expect(await second.value('prefs:get', { key: `sites.view:${id}` })).toEqual({ search: 'nginx' })
    // Settings never see prefs.
    expect(await second.value('settings:get')).toEqual({ syncIntervalMinutes: 5, theme: 'system', notifyOn: { newUpdateEvents: true, pendingRose: true, notChecked: true }, historyRetentionDays: 365 })
    await second.value('prefs:set', { key: 'sites.columns', value: null })
    expect(await second.value('prefs:get', { key: 'sites.columns' })).toBeNull()
    await second.core.dispose()
    const store = SqliteWorkspaceStore.open({ dataDir })
    store.removeAccount(id)
    expect(store.pref(`sites.view:${id}`)).toBeNull()
    expect(store.pref(`sites.view:${other}`)).toEqual({ search: 'php' })
    store.close()
  })

  it('takes the keys the renderer keeps its All accounts scope under', async () => {
    // The renderer's own keys for the scope (stores/accounts.ts, stores/site-columns.ts,
    // stores/saved-views.ts, composables/useSitesViewState.ts): a name alone, since they belong to no one account.
    const { value } = makeCore(await dirs.make())
    for (const key of ['scope', 'sites.columns.all', 'sites.view.all', 'sites.savedViews.all']) {
      await value('prefs:set', { key, value: { kept: key } })
      expect(await value('prefs:get', { key })).toEqual({ kept: key })
    }
  })

  it('answers app:info without input', async () => {
    const { value } = makeCore(await dirs.make())
    expect(await value('app:info')).toEqual({
      name: 'Site Manager',
      version: '0.0.0-test',
      shell: 'web',
      platform: process.platform,
    })
  })
})

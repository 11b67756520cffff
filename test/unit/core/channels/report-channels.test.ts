// report:* through core's handlers, the way a shell calls them: a report of the demo's first
// tag over the last 30 days agrees with the events the store answers for the same sites and
// instants; CSV of a table goes through the export delivery; templates refuse what is bad;
// the web shell has no printToPDF; a removed account is not_found.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EMPTY_FILTER, type ExportResult } from '../../../../src/shared'
import { REPORT_SECTIONS, type ReportRequest } from '../../../../src/shared/report'
import { makeCore } from '../support/core-harness'
import { withTempDirs } from '../support/temp-dir'
import { ExportDownloads } from '../../../../src/core/export'

const dirs = await withTempDirs()
const disposers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose()
  await dirs.cleanup()
})

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
}

describe('report channels', () => {
  it('builds a tag\'s report whose counts equal the stored events of its sites in the period', async () => {
    const dataDir = await dirs.make()
    const downloads = new ExportDownloads(join(dataDir, 'exports'))
    const { core, value, call } = makeCore(dataDir, { autoSync: false, downloads })
    disposers.push(() => core.dispose())
    const account = await value('demo:open')
    await value('sync:now', { accountId: account.id })
    const scope = await value('workspace:scope', { scope: [account.id] })
    const tag = scope.accounts[0]!.tags.find((t) => t.siteCount > 0)!
    const request: ReportRequest = {
      selection: { scope: [account.id], filter: { ...EMPTY_FILTER, tags: [`${account.id}:${tag.id}`] }, label: tag.name },
      period: { from: daysAgo(30), to: daysAgo(-1), timeZone: 'UTC' },
      sections: REPORT_SECTIONS,
      notes: 'Replaced the contact form.',
    }
    const report = await value('report:build', request)
    const siteIds = new Set(report.sites.map((s) => s.key))
    expect(report.summary.sites).toBe(tag.siteCount)

    // The same question asked of the events feed: the tag's sites, the same instants.
    let updates = 0
    let installs = 0
    let after: { createdAt: string; accountId: string; id: number } | undefined
    for (;;) {
      const slice = await value('events:query', { scope: [account.id], from: report.fromIso, to: new Date(Date.parse(report.toIso) - 1).toISOString(), limit: 500, ...(after ? { after } : {}) })
      for (const event of slice.events) {
        if (!siteIds.has(`${account.id}:${event.site_id}`)) continue
        if (event.type === 'updated_extension') updates += 1
        if (event.type === 'new_extension') installs += 1
      }
      if (slice.next === null) break
      after = slice.next
    }
    expect(updates).toBeGreaterThan(0)
    expect(report.summary.updatesApplied).toBe(updates)
    expect(report.summary.extensionsInstalled).toBe(installs)
    // The demo's events carry both versions.
    expect(report.updates.every((u) => u.from !== null && u.to !== null)).toBe(true)
    expect(report.accounts[0]?.lastSyncedAt).not.toBeNull()

    const csv = (await value('report:csv', { request, table: 'updates' })) as Extract<ExportResult, { kind: 'download' }>
    expect(csv).toMatchObject({ kind: 'download', rows: updates })
    const id = csv.url.split('/').pop()!
    const file = await downloads.take(id)
    expect(file).not.toBeNull()
    const text = await readFile(file!.path, 'utf8')
    expect(text.split('\r\n')[0]).toBe('Date,Site,Extension,From,To')
    expect(text.trimEnd().split('\r\n')).toHaveLength(updates + 1)

    expect(await call('report:pdf', { request, templateId: null })).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('print') } })
  })

  it('keeps templates, refusing a pale accent and a file that is no image', async () => {
    const { core, value, call } = makeCore(await dirs.make(), { autoSync: false })
    disposers.push(() => core.dispose())
    const template = { name: 'Acme', agencyName: 'Northwind Web', accent: '#1d4ed8', coverLine: 'Monthly care', footer: '', showAppName: false, logo: null }
    const saved = await value('report:saveTemplate', template)
    expect(await value('report:templates')).toEqual([saved])
    expect(await call('report:saveTemplate', { ...template, accent: '#ffff00' })).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { accent: [expect.stringContaining('contrast')] } } })
    expect(await call('report:saveTemplate', { ...template, logo: { base64: Buffer.from('not an image').toString('base64') } })).toMatchObject({ ok: false, error: { fields: { logo: [expect.stringContaining('not a PNG, JPEG or SVG')] } } })
    await value('report:deleteTemplate', { id: saved.id })
    expect(await value('report:templates')).toEqual([])
  })

  it('answers not_found for an account that is not there', async () => {
    const { core, call } = makeCore(await dirs.make(), { autoSync: false })
    disposers.push(() => core.dispose())
    const request = { selection: { scope: ['6f1c1c3e-4a51-4bb5-9d58-8a3f0f5e7a10'], filter: EMPTY_FILTER, label: 'x' }, period: { from: '2026-10-01', to: '2026-11-01', timeZone: 'UTC' }, sections: ['summary'], notes: '' }
    expect(await call('report:build', request)).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })
})

// The Reports view's store: what is chosen becomes core's report:build request (a tag's key in
// the filter, picked rows as keys, whole accounts as the scope), nothing is asked with nothing
// chosen, an older answer never replaces a newer one, and a refused template save is handed
// back to the form with nothing lost.
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { Report, ReportRequest } from '../../../../src/shared/report'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useReportsStore } from '../../../../src/renderer/src/stores/reports'
import { createFakeApi, deferred, makeAccount, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

function reportFor(request: ReportRequest): Report {
  return { request, periodLabel: request.selection.label } as Report
}

async function setup() {
  const asked: ReportRequest[] = []
  const answers: ReturnType<typeof deferred<ReturnType<typeof ok<Report>>>>[] = []
  const fake = createFakeApi({
    accountsList: async () => ok({ accounts: [makeAccount('a'), makeAccount('b')], lastActiveId: 'a' }),
    reportBuild: (request) => {
      asked.push(request)
      const answer = deferred<ReturnType<typeof ok<Report>>>()
      answers.push(answer)
      return answer.promise
    },
    reportSaveTemplate: async () => ({ ok: false, error: { code: 'invalid_input', message: 'The accent colour has a contrast of 1.20:1', fields: { accent: ['contrast'] } } }),
  })
  storePinia(fake)
  await useAccountsStore().load()
  return { asked, answers, reports: useReportsStore() }
}

describe('the reports store', () => {
  it('asks for nothing until sites are chosen, then for exactly what was chosen', async () => {
    const { asked, reports } = await setup()
    expect(reports.request).toBeNull()
    await reports.build()
    expect(asked).toEqual([])

    reports.tagKeys = ['a:7']
    reports.label = 'Acme'
    expect(reports.request?.selection).toMatchObject({ scope: ['a'], filter: { tags: ['a:7'] }, label: 'Acme' })
    expect(reports.request?.period.from).toMatch(/^\d{4}-\d{2}-01$/)

    reports.source = 'sites'
    reports.pickedKeys = ['a:1', 'a:2']
    expect(reports.request?.selection).toMatchObject({ keys: ['a:1', 'a:2'] })

    reports.source = 'accounts'
    reports.accountIds = ['b', 'gone']
    expect(reports.request?.selection.scope).toEqual(['b'])
  })

  it('keeps the newest answer when an older one comes last', async () => {
    const { answers, reports } = await setup()
    reports.tagKeys = ['a:7']
    reports.label = 'First'
    const first = reports.build()
    reports.label = 'Second'
    const second = reports.build()
    answers[1]!.resolve(ok(reportFor(reports.request!)))
    await second
    answers[0]!.resolve(ok(reportFor({ ...reports.request!, selection: { ...reports.request!.selection, label: 'First' } })))
    await first
    await flushPromises()
    expect(reports.report?.request.selection.label).toBe('Second')
    expect(reports.building).toBe(false)
  })

  it('hands a refused template back with its reason', async () => {
    const { reports } = await setup()
    const result = await reports.saveTemplate({ name: 'A', agencyName: 'A', accent: '#ffff00', coverLine: '', footer: '', showAppName: false, logo: null })
    expect(result).toMatchObject({ ok: false, error: { fields: { accent: ['contrast'] } } })
    expect(reports.templates).toEqual([])
  })
})

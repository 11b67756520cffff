// Exports through their store: core writes the file, the store follows a web shell download and
// says in a toast where it went or why it failed; one export of a kind runs at a time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ExportResult, Result } from '../../../../src/shared'
import { EMPTY_FILTER } from '../../../../src/shared'
import { useExportsStore } from '../../../../src/renderer/src/stores/exports'
import { useToastsStore } from '../../../../src/renderer/src/stores/toasts'
import { createFakeApi, deferred, fail, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

let clicked: string[]
beforeEach(() => {
  clicked = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '')
  })
})
afterEach(() => vi.restoreAllMocks())

const SITES = { query: { scope: ['a'], filter: EMPTY_FILTER, sort: [{ key: 'name' as const, direction: 'asc' as const }] }, columns: ['name' as const], format: 'csv' as const }

describe('exports store', () => {
  it('runs one sites export at a time and says where the file went', async () => {
    const held = deferred<Result<ExportResult>>()
    const fake = createFakeApi({ exportSites: () => held.promise })
    storePinia(fake)
    const exports = useExportsStore()
    const first = exports.exportSites(SITES)
    expect(exports.exportingSites).toBe(true)
    await exports.exportSites(SITES)
    expect(fake.api.exportSites).toHaveBeenCalledTimes(1)
    held.resolve(ok({ kind: 'download', name: 'sites.csv', url: '/downloads/1', rows: 2 }))
    await first
    expect(exports.exportingSites).toBe(false)
    expect(clicked).toEqual(['/downloads/1'])
    expect(useToastsStore().toasts.at(-1)).toMatchObject({ kind: 'success', message: 'Exported 2 sites to sites.csv' })
  })

  it('says why an events export failed, and is ready for the next', async () => {
    const fake = createFakeApi({ exportEvents: async () => fail({ code: 'internal', message: 'The disk is full.' }) })
    storePinia(fake)
    const exports = useExportsStore()
    await exports.exportEvents({ scope: ['a'] })
    expect(fake.api.exportEvents).toHaveBeenCalledWith({ scope: ['a'] })
    expect(useToastsStore().toasts.at(-1)).toMatchObject({ kind: 'error' })
    expect(useToastsStore().toasts.at(-1)?.message).toMatch(/^Could not export the events: /)
    expect(exports.exportingEvents).toBe(false)
    expect(clicked).toEqual([])
  })
})

// The events feed's export asks core to write the file (export:events) with the feed's query
// over its scope; it follows a web shell download, names where a desktop save went, and says
// why an export failed. The renderer never reads the events for it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen } from '@testing-library/dom'
import type { EventsExportQuery, ExportResult, Result } from '../../../../../src/shared'
import ExportEventsButton from '../../../../../src/renderer/src/components/events/ExportEventsButton.vue'
import { useCommandsStore } from '../../../../../src/renderer/src/stores/commands'
import { useToastsStore } from '../../../../../src/renderer/src/stores/toasts'
import { createFakeApi, deferred, fail, makeAccount, memoryCore, ok } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

let clicked: Array<{ href: string; download: string }>

beforeEach(() => {
  clicked = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download })
  })
})

afterEach(() => {
  unmountAll()
  vi.restoreAllMocks()
})

async function mountButton(query: Record<string, unknown>, answer: () => Promise<Result<ExportResult>>, scope: readonly string[] = ['a']) {
  const made = memoryCore({ a: {}, b: {} })
  const exportEvents = vi.fn(async (_: EventsExportQuery) => answer())
  const fake = createFakeApi({ ...made.methods, exportEvents })
  const pinia = testingPinia([makeAccount('a'), makeAccount('b', { label: 'Bureau' })])
  mountInBody(ExportEventsButton, { props: { query, scope }, global: { plugins: [fake.plugin, pinia, await testRouter()] } })
  await flushPromises()
  return { fake, pinia, exportEvents, user: person() }
}

describe('ExportEventsButton', () => {
  it("asks core for every event of the scope the feed's filters match, and follows the web shell's download", async () => {
    const answer = ok<ExportResult>({ kind: 'download', name: 'events-all-accounts-2026-11-23.csv', url: '/downloads/xyz', rows: 621 })
    const { exportEvents, pinia, user } = await mountButton({ types: ['new_extension'], text: 'akeeba' }, async () => answer, ['a', 'b'])
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await flushPromises()
    expect(exportEvents).toHaveBeenCalledExactlyOnceWith({ types: ['new_extension'], text: 'akeeba', scope: ['a', 'b'] })
    expect(clicked).toEqual([{ href: '/downloads/xyz', download: 'events-all-accounts-2026-11-23.csv' }])
    expect(useToastsStore(pinia).toasts.at(-1)).toMatchObject({ kind: 'success', message: 'Exported 621 events to events-all-accounts-2026-11-23.csv' })
  })

  it('says it is exporting meanwhile, then where the desktop app saved the file', async () => {
    const held = deferred<Result<ExportResult>>()
    const { pinia, user } = await mountButton({}, () => held.promise)
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await flushPromises()
    expect(screen.getByRole('status').textContent).toBe('Exporting events…')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export CSV' }).disabled).toBe(true)
    held.resolve(ok({ kind: 'saved', name: 'events-account-a-2026-11-23.csv', path: '/home/me/events.csv', rows: 1 }))
    await flushPromises()
    expect(clicked).toEqual([])
    expect(useToastsStore(pinia).toasts.at(-1)?.message).toBe('Exported 1 event. Saved to /home/me/events.csv')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('says nothing for a cancelled dialog, and the reason of a failure', async () => {
    let answer: Result<ExportResult> = ok({ kind: 'cancelled' })
    const { pinia, user } = await mountButton({}, async () => answer)
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await flushPromises()
    expect(useToastsStore(pinia).toasts).toEqual([])
    answer = fail({ code: 'not_found', message: 'The account a does not exist; it may have been removed.' })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await flushPromises()
    expect(useToastsStore(pinia).toasts.at(-1)).toMatchObject({ kind: 'error', message: expect.stringContaining('Could not export the events') })
  })

  it('is in the command palette', async () => {
    const { pinia } = await mountButton({}, async () => ok({ kind: 'cancelled' }))
    expect(useCommandsStore(pinia).all.map((c) => c.id)).toContain('events.export.csv')
  })
})

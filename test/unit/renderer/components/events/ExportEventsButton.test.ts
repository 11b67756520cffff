import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen } from '@testing-library/dom'
import Papa from 'papaparse'
import type { EventQuery, EventSlice, Result } from '../../../../../src/shared'
import ExportEventsButton from '../../../../../src/renderer/src/components/events/ExportEventsButton.vue'
import { useCommandsStore } from '../../../../../src/renderer/src/stores/commands'
import { useToastsStore } from '../../../../../src/renderer/src/stores/toasts'
import { createFakeApi, deferred, makeAccount, makeEvent, makeSite, memoryCore, queryEvents } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

const SITES = [makeSite(1, { name: 'Shop' }), makeSite(2, { name: 'Blog' })]
const EVENTS = Array.from({ length: 620 }, (_, i) => makeEvent(i + 1, { site_id: (i % 2) + 1, type: i % 2 === 0 ? 'new_extension' : 'updated_extension' }))

let saved: string[]

beforeEach(() => {
  saved = []
  Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (void blob.text().then((t) => saved.push(t)), 'blob:test/1')), revokeObjectURL: vi.fn() })
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
})

afterEach(() => {
  unmountAll()
  vi.restoreAllMocks()
})

async function mountButton(
  query: Record<string, unknown>,
  eventsQuery?: (q: EventQuery) => Promise<Result<EventSlice>>,
  scope: readonly string[] = ['a'],
) {
  const made = memoryCore({
    a: { sites: SITES, events: EVENTS },
    b: { sites: [makeSite(1, { name: 'Clinic' })], events: [makeEvent(1, { site_id: 1, message: 'In Bureau', created_at: '2030-01-01T00:00:00Z' })] },
  })
  const fake = createFakeApi({ ...made.methods, ...(eventsQuery ? { eventsQuery } : {}) })
  const pinia = testingPinia([makeAccount('a'), makeAccount('b', { label: 'Bureau' })])
  mountInBody(ExportEventsButton, { props: { query, scope }, global: { plugins: [fake.plugin, pinia, await testRouter()] } })
  await flushPromises()
  return { fake, pinia, data: made.data, user: person() }
}

describe('ExportEventsButton', () => {
  it('saves every event the filters match, read 500 at a time, with the site names', async () => {
    const { fake, pinia, user } = await mountButton({ types: ['new_extension'] })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await flushPromises()
    expect(fake.api.eventsQuery.mock.calls.map(([q]) => [q.types, q.limit, q.after?.id ?? null])).toEqual([[['new_extension'], 500, null]])
    const rows = Papa.parse<string[]>(saved[0]!, { skipEmptyLines: true }).data
    expect(rows).toHaveLength(311)
    expect(rows[1]).toEqual([new Date(EVENTS[618]!.created_at).toISOString(), '1', 'Shop', 'new_extension', 'client', 'Event 619'])
    expect(useToastsStore(pinia).toasts.at(-1)?.message).toMatch(/^Exported 310 events to events-account-a-\d{4}-\d{2}-\d{2}\.csv$/)
  })

  it('shows how far it has read, and Stop saves nothing', async () => {
    const held = deferred<void>()
    const made = memoryCore({ a: { sites: SITES, events: EVENTS } })
    let calls = 0
    const { pinia, user } = await mountButton({}, async (q) => {
      calls += 1
      if (calls === 2) await held.promise
      return queryEvents(made.data, q)
    })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await flushPromises()
    expect(screen.getByRole('status').textContent).toBe('Reading 500 of 620 events…')
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    held.resolve()
    await flushPromises()
    expect(saved).toEqual([])
    expect(useToastsStore(pinia).toasts.at(-1)).toMatchObject({ kind: 'info', message: 'Export stopped; no file was saved.' })
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible()
  })

  it('saves a scope of several accounts from one read, with an Account column', async () => {
    const { fake, pinia, user } = await mountButton({}, undefined, ['a', 'b'])
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await flushPromises()
    expect(fake.api.eventsQuery.mock.calls.map(([q]) => [q.scope, q.limit, q.after ?? null])).toEqual([
      [['a', 'b'], 500, null],
      [['a', 'b'], 500, { createdAt: EVENTS[121]!.created_at, accountId: 'a', id: 122 }],
    ])
    const rows = Papa.parse<string[]>(saved[0]!, { skipEmptyLines: true }).data
    expect(rows[0]).toEqual(['Time', 'Account', 'Site id', 'Site name', 'Type', 'Category', 'Message'])
    expect(rows).toHaveLength(622)
    expect(rows[1]).toEqual(['2030-01-01T00:00:00.000Z', 'Bureau', '1', 'Clinic', 'updated_extension', 'client', 'In Bureau'])
    expect(rows[2]![1]).toBe('Account a')
    expect(useToastsStore(pinia).toasts.at(-1)?.message).toMatch(/^Exported 621 events to events-all-accounts-\d{4}-\d{2}-\d{2}\.csv$/)
  })

  it('is in the command palette', async () => {
    const { pinia } = await mountButton({})
    expect(useCommandsStore(pinia).all.map((c) => c.id)).toContain('events.export.csv')
  })
})

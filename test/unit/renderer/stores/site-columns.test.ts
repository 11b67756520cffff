import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { SAVE_DELAY_MS, columnsPrefKey, normaliseLayout, useSiteColumnsStore } from '../../../../src/renderer/src/stores/site-columns'
import { createFakeApi, memoryCore, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

const DEFAULT_SHOWN = ['name', 'url', 'status', 'updates', 'php', 'mysql', 'web', 'tags', 'lastCheck']

function setup(stored: Record<string, unknown> = {}) {
  const made = memoryCore({ a: {}, b: {} })
  const fake = createFakeApi(made.methods)
  for (const [key, value] of Object.entries(stored)) void fake.api.prefsSet({ key, value })
  fake.api.prefsSet.mockClear()
  storePinia(fake)
  return { fake, store: useSiteColumnsStore() }
}

afterEach(() => vi.useRealTimers())

describe('site columns store', () => {
  it('starts with the default columns, then the layout saved for the account', async () => {
    const { store } = setup({ 'sites.columns:a': { order: ['name', 'tags', 'url'], hidden: ['status', 'name'], widths: { url: 300, php: 'wide' } } })
    expect(store.visibleKeys('a')).toEqual(DEFAULT_SHOWN)
    await flushPromises()
    // Saved order first, the fields it did not list after, Name never hidden, a bad width dropped.
    expect(store.visibleKeys('a').slice(0, 4)).toEqual(['name', 'tags', 'url', 'updates'])
    expect(store.visibleKeys('a')).not.toContain('status')
    expect(store.layout('a').widths).toEqual({ url: 300 })
    // Another account has its own layout.
    expect(store.visibleKeys('b')).toEqual(DEFAULT_SHOWN)
  })

  it('writes a change once, a moment after the last one, as plain data under the account key', async () => {
    vi.useFakeTimers()
    const { fake, store } = setup()
    store.layout('a')
    await vi.runAllTimersAsync()
    store.setWidth('a', 'url', 260)
    store.setWidth('a', 'url', 280)
    store.hide('a', 'status')
    expect(fake.api.prefsSet).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS)
    expect(fake.api.prefsSet).toHaveBeenCalledTimes(1)
    const saved = fake.api.prefsSet.mock.calls[0]![0]
    expect(saved.key).toBe('sites.columns:a')
    expect(saved.value).toMatchObject({ hidden: expect.arrayContaining(['status']), widths: { url: 280 } })
    // Read back by a new store (a restart): the same layout.
    const reloaded = await fake.api.prefsGet({ key: 'sites.columns:a' })
    expect(reloaded.ok && normaliseLayout(reloaded.value).widths).toEqual({ url: 280 })
  })

  it('keeps the All accounts layout under a key of its own that core accepts', () => {
    // Core takes a name, or a name and ':<account id>' (test/unit/core/channels/input-validation
    // checks these very keys); 'sites.columns:all' would be refused and the layout lost.
    expect(columnsPrefKey('all')).toBe('sites.columns.all')
    expect(columnsPrefKey('6f1d7a3e-2b4c-4d5e-8f90-1a2b3c4d5e6f')).toBe('sites.columns:6f1d7a3e-2b4c-4d5e-8f90-1a2b3c4d5e6f')
  })

  it('hides and shows columns, never Name', () => {
    const { store } = setup()
    store.hide('a', 'php')
    store.show('a', 'ip')
    store.hide('a', 'name')
    expect(store.visibleKeys('a')).toEqual(['name', 'url', 'status', 'updates', 'mysql', 'web', 'tags', 'lastCheck', 'ip'])
  })

  it('moves a shown column past hidden ones, and never before Name', () => {
    const { store } = setup()
    store.show('a', 'ip')
    store.move('a', 'ip', -1) // over the hidden Admin address, before Last check
    expect(store.visibleKeys('a').slice(-2)).toEqual(['ip', 'lastCheck'])
    store.move('a', 'url', -1)
    expect(store.canMove('a', 'url', -1)).toBe(false)
    expect(store.canMove('a', 'name', 1)).toBe(false)
    expect(store.visibleKeys('a')[0]).toBe('name')
    store.move('a', 'url', 1)
    expect(store.visibleKeys('a').slice(0, 3)).toEqual(['name', 'status', 'url'])
  })

  it('has Health as a column like the fields: shown after Status, hidden, moved and resized; never a field of the rows', () => {
    const { store } = setup()
    expect(store.shownColumns('a')).toEqual(['name', 'url', 'status', 'health', 'updates', 'php', 'mysql', 'web', 'tags', 'lastCheck'])
    expect(store.visibleKeys('a')).toEqual(DEFAULT_SHOWN)
    store.setWidth('a', 'health', 300)
    expect(store.layout('a').widths.health).toBe(300)
    store.move('a', 'health', -1)
    expect(store.shownColumns('a').slice(0, 4)).toEqual(['name', 'url', 'health', 'status'])
    store.hide('a', 'health')
    expect(store.shownColumns('a')).not.toContain('health')
    store.show('a', 'health')
    expect(store.shownColumns('a')).toContain('health')
  })

  it('puts Health where the table drew it in a layout saved before it was a column', () => {
    const saved = (order: string[], hidden: string[]) => normaliseLayout({ order, hidden, widths: { health: 250 } })
    // After Status when Status is shown, else after Name; a saved width is kept.
    expect(saved(['name', 'tags', 'status', 'url'], []).order.slice(0, 5)).toEqual(['name', 'tags', 'status', 'health', 'url'])
    expect(saved(['name', 'tags', 'status', 'url'], ['status']).order.slice(0, 3)).toEqual(['name', 'health', 'tags'])
    expect(saved(['name', 'health', 'url'], ['health']).hidden).toEqual(['health'])
    expect(saved(['name'], []).widths).toEqual({ health: 250 })
  })

  it('clamps widths, forgets a dragged width on reset, and resets to the defaults', () => {
    const { store } = setup()
    store.setWidth('a', 'url', 5)
    expect(store.layout('a').widths.url).toBe(48)
    store.resetWidth('a', 'url')
    expect(store.layout('a').widths.url).toBeUndefined()
    store.hide('a', 'tags')
    store.setWidth('a', 'name', 400)
    store.reset('a')
    expect(store.visibleKeys('a')).toEqual(DEFAULT_SHOWN)
    expect(store.layout('a').widths).toEqual({})
  })

  it('keeps a change made before the saved layout came back', async () => {
    const { fake, store } = setup({ 'sites.columns:a': { hidden: ['url'] } })
    let release!: () => void
    fake.api.prefsGet.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(ok({ hidden: ['url'] })))))
    store.layout('a')
    store.hide('a', 'php')
    release()
    await flushPromises()
    expect(store.visibleKeys('a')).toContain('url')
    expect(store.visibleKeys('a')).not.toContain('php')
  })

  it('keeps the density app-wide under its own key', async () => {
    const { fake, store } = setup({ 'sites.density': 'compact' })
    store.layout('a')
    await flushPromises()
    expect(store.density).toBe('compact')
    store.setDensity('comfortable')
    expect(fake.api.prefsSet).toHaveBeenCalledWith({ key: 'sites.density', value: 'comfortable' })
  })
})

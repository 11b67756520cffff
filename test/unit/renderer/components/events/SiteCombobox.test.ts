// The events filter's Site combobox (in EventFilters): typing asks core for the sites matching
// the text, 50 at most, and lists its answer; choosing one sets the filter's site; "All sites"
// clears it; it says when nothing matches and when more match than it shows; the chosen site is
// named at once, and nothing is asked of the list until it opens.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestingPinia } from '@pinia/testing'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import type { Result, SitesPage, SitesQuery, Site } from '../../../../../src/shared'
import EventFilters from '../../../../../src/renderer/src/components/events/EventFilters.vue'
import { NO_EVENT_FILTER, type EventFilter } from '../../../../../src/renderer/src/components/events/event-filter'
import { createFakeApi, deferred, makeAccount, makeSite, memoryCore } from '../../support/fake-api'
import { mountInBody, person, testRouter, unmountAll } from '../../support/mount'

// jsdom has no layout: the list scrolls its highlighted option into view.
beforeEach(() => {
  Element.prototype.scrollIntoView = () => {}
})
afterEach(() => {
  unmountAll()
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
})

const NAMED = [makeSite(1, { name: 'Alpha' }), makeSite(2, { name: 'Bravo' }), makeSite(3, { name: 'Charlie shop' })]

async function mountFilters(options: { sites?: Site[]; site?: string | null; accounts?: string[] } = {}) {
  const made = memoryCore({ a: { sites: options.sites ?? NAMED }, b: { sites: [makeSite(1, { name: 'Clinic' })] } })
  const fake = createFakeApi(made.methods)
  const ids = options.accounts ?? ['a']
  const pinia = createTestingPinia({
    createSpy: vi.fn,
    stubActions: false,
    initialState: {
      accounts: { accounts: [makeAccount('a', { label: 'Agency' }), makeAccount('b', { label: 'Bureau' })], activeAccountId: 'a', status: 'ready', scopeChoice: ids.length > 1 ? 'all' : 'account' },
    },
  })
  const chosen: Array<string | null> = []
  const wrapper = mountInBody(EventFilters, {
    props: {
      typeChoices: [],
      modelValue: { ...NO_EVENT_FILTER, site: options.site ?? null } satisfies EventFilter,
      'onUpdate:modelValue': (value: EventFilter) => {
        chosen.push(value.site)
        void wrapper.setProps({ modelValue: value })
      },
    },
    global: { plugins: [fake.plugin, pinia, await testRouter()] },
  })
  await flushPromises()
  return { fake, chosen, user: person() }
}

const input = () => screen.getByLabelText<HTMLInputElement>('Site', { selector: 'input' })
const listed = () =>
  within(screen.getByRole('listbox', { name: 'Sites' }))
    .queryAllByRole('option')
    .map((o) => o.textContent?.trim())
// The live region beside the input that reads out what the list says of its answer.
const announced = () => document.querySelector('[data-site-choices-note]')?.textContent
const queries = (fake: { api: { sitesQuery: { mock: { calls: unknown[][] } } } }) => fake.api.sitesQuery.mock.calls.map(([q]) => q as SitesQuery)

describe('SiteCombobox', () => {
  it('is a combobox labelled Site that asks nothing until it opens, then lists All sites and the first sites by name', async () => {
    const { fake, user } = await mountFilters()
    expect(screen.getByRole('combobox', { name: 'Site' })).toBe(input())
    expect(fake.api.sitesQuery).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Show sites' }))
    await flushPromises()
    expect(listed()).toEqual(['All sites', 'Alpha', 'Bravo', 'Charlie shop'])
    expect(queries(fake)).toEqual([expect.objectContaining({ scope: ['a'], sort: [{ key: 'name', direction: 'asc' }], limit: 50, columns: [] })])
    expect(document.activeElement).toBe(input())
  })

  it('filters by asking core with the typed text, and choosing a site sets the filter', async () => {
    const { fake, chosen, user } = await mountFilters()
    await user.type(input(), 'shop')
    await flushPromises()
    expect(queries(fake).at(-1)).toMatchObject({ filter: expect.objectContaining({ search: 'shop' }), limit: 50, columns: [] })
    expect(listed()).toEqual(['Charlie shop'])
    await user.click(screen.getByRole('option', { name: 'Charlie shop' }))
    await flushPromises()
    expect(chosen).toEqual(['a:3'])
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(input().value).toBe('Charlie shop')
    expect(document.activeElement).toBe(input())
  })

  it('chooses with the keyboard: arrows move, Enter chooses, Escape closes and keeps focus in the input', async () => {
    const { chosen, user } = await mountFilters()
    await user.type(input(), 'bra')
    await flushPromises()
    expect(listed()).toEqual(['Bravo'])
    await user.keyboard('{Enter}')
    await flushPromises()
    expect(chosen).toEqual(['a:2'])

    await user.keyboard('{ArrowDown}')
    await flushPromises()
    expect(listed()).toEqual(['All sites', 'Alpha', 'Bravo', 'Charlie shop'])
    await user.keyboard('{Escape}')
    await flushPromises()
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(document.activeElement).toBe(input())
    expect(input().value).toBe('Bravo')
  })

  it('clears the filter with All sites, and names a chosen site at once without opening the list', async () => {
    const { fake, chosen, user } = await mountFilters({ site: 'a:2' })
    expect(input().value).toBe('Bravo')
    expect(queries(fake)).toEqual([expect.objectContaining({ keys: ['a:2'], limit: 1 })])
    await user.click(screen.getByRole('button', { name: 'Show sites' }))
    await flushPromises()
    await user.click(screen.getByRole('option', { name: 'All sites' }))
    await flushPromises()
    expect(chosen).toEqual([null])
    expect(input().value).toBe('')
    expect(input().placeholder).toBe('All sites')
  })

  it('says "Searching…" while the answer is pending and "No site matches" when none does', async () => {
    const { fake, user } = await mountFilters()
    const held = deferred<Result<SitesPage>>()
    fake.api.sitesQuery.mockImplementationOnce(() => held.promise)
    input().focus()
    await user.keyboard('z')
    await flushPromises()
    expect(announced()).toBe('Searching…')
    expect(screen.getByRole('listbox', { name: 'Sites' }).getAttribute('aria-busy')).toBe('true')
    expect(screen.queryByText('No site matches')).toBeNull()
    held.resolve({ ok: true, value: { revision: 'r', scopeTotal: 3, total: 0, offset: 0, rows: [], facets: null } })
    await flushPromises()
    expect(listed()).toEqual([])
    expect(within(screen.getByRole('listbox', { name: 'Sites' })).getByText('No site matches')).toBeVisible()
    expect(announced()).toBe('No site matches')
  })

  it('says how many match when more than 50 do', async () => {
    const many = Array.from({ length: 120 }, (_, i) => makeSite(i + 1, { name: `Site ${String(i + 1).padStart(3, '0')}` }))
    const { fake, user } = await mountFilters({ sites: many })
    await user.type(input(), 'site')
    await flushPromises()
    expect(listed()).toHaveLength(50)
    expect(within(screen.getByRole('listbox', { name: 'Sites' }).parentElement!).getByText('Showing 50 of 120 — type to narrow')).toBeVisible()
    expect(announced()).toBe('Showing 50 of 120 — type to narrow')
    await user.type(input(), ' 11')
    await flushPromises()
    expect(queries(fake).at(-1)?.filter.search).toBe('site 11')
    expect(listed().length).toBeGreaterThan(0)
    expect(listed().length).toBeLessThan(50)
    expect(screen.queryAllByText(/type to narrow/)).toEqual([])
  })

  it("labels each site with its account in a scope of several accounts", async () => {
    const { fake, user } = await mountFilters({ accounts: ['a', 'b'] })
    await user.click(screen.getByRole('button', { name: 'Show sites' }))
    await flushPromises()
    expect(queries(fake).at(-1)?.scope).toEqual(['a', 'b'])
    expect(listed()).toEqual(['All sites', 'Alpha (Agency)', 'Bravo (Agency)', 'Charlie shop (Agency)', 'Clinic (Bureau)'])
  })

  it("asks again after a change to the scope's sites only while the list is open", async () => {
    const { fake, user } = await mountFilters()
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(fake.api.sitesQuery).not.toHaveBeenCalled()
    await user.type(input(), 'al')
    await flushPromises()
    const before = fake.api.sitesQuery.mock.calls.length
    fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(fake.api.sitesQuery).toHaveBeenCalledTimes(before + 1)
    expect(queries(fake).at(-1)?.filter.search).toBe('al')
  })
})

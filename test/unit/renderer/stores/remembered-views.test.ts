// Each scope's remembered Sites view in core's prefs: read by key (the default for what is not a
// view, null when core cannot say), read ahead into memory once, and written back.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { DEFAULT_VIEW_STATE } from '../../../../src/renderer/src/lib/sites-view-state'
import { ALL_SCOPE_VIEW, useRememberedViewsStore } from '../../../../src/renderer/src/stores/remembered-views'
import { createFakeApi, fail, ok } from '../support/fake-api'
import { storePinia } from '../support/mount'

function setup() {
  const prefs = new Map<string, unknown>()
  const fake = createFakeApi({
    prefsGet: async ({ key }) => ok(prefs.get(key) ?? null),
    prefsSet: async ({ key, value }) => {
      prefs.set(key, value)
      return ok(undefined)
    },
  })
  storePinia(fake)
  return { prefs, fake, views: useRememberedViewsStore() }
}

describe('remembered views store', () => {
  it("writes a view under its scope's key and reads it back", async () => {
    const { prefs, views } = setup()
    const state = { ...DEFAULT_VIEW_STATE, search: 'shop' }
    views.save('a', state)
    views.save(ALL_SCOPE_VIEW, { ...DEFAULT_VIEW_STATE, search: 'all' })
    await flushPromises()
    expect([...prefs.keys()]).toEqual(['sites.view:a', 'sites.view.all'])
    expect((await views.readStored('a', ['a']))?.search).toBe('shop')
    prefs.set('sites.view:b', [1, 2])
    expect(await views.readStored('b', ['b'])).toEqual(DEFAULT_VIEW_STATE)
  })

  it('reads ahead into memory once, and leaves memory as it was when core cannot answer', async () => {
    const { prefs, fake, views } = setup()
    prefs.set('sites.view:a', { q: 'shop' })
    await views.readAhead('a', ['a'])
    await views.readAhead('a', ['a'])
    expect(views.states.get('a')?.search).toBe('shop')
    expect(fake.api.prefsGet).toHaveBeenCalledTimes(1)

    fake.api.prefsGet.mockResolvedValueOnce(fail({ code: 'internal', message: 'The store is busy.' }))
    expect(await views.readStored('b', ['b'])).toBeNull()
    fake.api.prefsGet.mockResolvedValueOnce(fail({ code: 'internal', message: 'The store is busy.' }))
    await views.readAhead('b', ['b'])
    expect(views.states.has('b')).toBe(false)
  })
})

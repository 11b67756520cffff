// The web shell's tab title counts every account's pending updates, read as the scope summary
// of every account (no list of sites), again when core says an account's sites changed.
import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { flushPromises } from '@vue/test-utils'
import { usePendingTitle } from '../../../../src/renderer/src/composables/usePendingTitle'
import { createFakeApi, makeAccount, makeSite, memoryCore } from '../support/fake-api'
import { mountInBody, testingPinia, unmountAll } from '../support/mount'

afterEach(() => {
  unmountAll()
  document.title = ''
})

async function mountTitle() {
  const core = memoryCore({
    a: { sites: [makeSite(1, { updates_count: 3 }), makeSite(2, { updates_count: undefined, last_check_at: null })] },
    b: { sites: [makeSite(1, { updates_count: 2 })] },
  })
  const fake = createFakeApi(core.methods)
  const Host = defineComponent({
    setup() {
      usePendingTitle(() => 'Site Manager')
      return () => h('div')
    },
  })
  mountInBody(Host, { global: { plugins: [fake.plugin, testingPinia([makeAccount('a'), makeAccount('b')])] } })
  await flushPromises()
  return { core, fake }
}

describe('usePendingTitle', () => {
  it("counts every account's pending updates from the store's summary, not from a list of sites", async () => {
    const { fake } = await mountTitle()
    expect(document.title).toBe('(5) Site Manager')
    expect(fake.api.workspaceScope).toHaveBeenCalledWith({ scope: ['a', 'b'] })
    expect(fake.api.sitesQuery).not.toHaveBeenCalled()
  })

  it('counts again when core says an account’s sites changed', async () => {
    const { core, fake } = await mountTitle()
    core.data.b!.sites = [makeSite(1, { updates_count: 0 })]
    fake.emit('workspace:changed', { accountId: 'b', sites: true, tags: false, events: false, changes: null })
    await flushPromises()
    expect(document.title).toBe('(3) Site Manager')
  })
})

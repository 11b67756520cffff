// The site choices of a scope: nothing read until wanted, then every site by name; the chosen
// site named on its own at once; read again after a change to the scope's sites once it was
// read, and nothing more once the view closed it.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useSiteChoicesStore } from '../../../../src/renderer/src/stores/site-choices'
import { createFakeApi, makeSite, memoryCore } from '../support/fake-api'
import { storePinia } from '../support/mount'

const sitesChanged = (accountId: string) => ({ accountId, sites: true, tags: false, events: false, changes: null })

function setup() {
  const core = memoryCore({ a: { sites: [makeSite(1, { name: 'Shop' }), makeSite(2, { name: 'Blog' })] }, b: { sites: [makeSite(1, { name: 'Other' })] } })
  const fake = createFakeApi(core.methods)
  storePinia(fake)
  return { core, fake, choices: useSiteChoicesStore() }
}

describe('site choices store', () => {
  it('names the chosen site at once and reads the list only when wanted', async () => {
    const { fake, choices } = setup()
    choices.show(['a'], 'a:1')
    await flushPromises()
    expect(choices.chosenRow?.site.name).toBe('Shop')
    expect(choices.rows).toBeNull()
    choices.want()
    await flushPromises()
    expect(choices.rows?.map((r) => r.site.name)).toEqual(['Blog', 'Shop'])
    expect(fake.api.sitesQuery).toHaveBeenCalledTimes(2)
  })

  it("reads a read list again after its scope's sites changed, and nothing once closed", async () => {
    const { core, fake, choices } = setup()
    choices.show(['a'], null)
    choices.want()
    await flushPromises()
    core.data.a!.sites.push(makeSite(3, { name: 'Agency' }))
    fake.emit('workspace:changed', sitesChanged('b'))
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(choices.rows?.map((r) => r.site.name)).toEqual(['Agency', 'Blog', 'Shop'])

    const asked = fake.api.sitesQuery.mock.calls.length
    choices.close()
    fake.emit('workspace:changed', sitesChanged('a'))
    await flushPromises()
    expect(fake.api.sitesQuery).toHaveBeenCalledTimes(asked)
    expect(choices.rows).toBeNull()
  })
})

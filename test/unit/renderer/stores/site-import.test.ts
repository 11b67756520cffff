// The import run through its store, against the memory core: the tags the rows name that the
// account lacks are created once, first, then the Ready rows' sites one by one with each row's
// outcome; Undo deletes the sites the run created.
import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { previewImport, readImport } from '../../../../src/renderer/src/lib/import-sites'
import { useAccountsStore } from '../../../../src/renderer/src/stores/accounts'
import { useSiteImportStore } from '../../../../src/renderer/src/stores/site-import'
import { createFakeApi, makeAccount, makeSite, makeTag, memoryCore } from '../support/fake-api'
import { storePinia } from '../support/mount'

const CSV = ['name,url,tags', 'Shop,https://shop.example,clients;new', 'Blog,https://blog.example,new', 'Old,https://old.example,'].join('\n')

function setup() {
  const core = memoryCore({ a: { sites: [makeSite(1, { name: 'Old', url: 'https://old.example' })], tags: [makeTag(1, 'clients')] } })
  const fake = createFakeApi(core.methods)
  storePinia(fake)
  useAccountsStore().applyState({ accounts: [makeAccount('a')], lastActiveId: 'a' })
  const tags = core.data.a!.tags
  const rows = previewImport(readImport(CSV).records, { sites: core.data.a!.sites, tags })
  return { core, fake, rows, tags, importer: useSiteImportStore() }
}

describe('site import store', () => {
  it('creates the missing tag once, then each Ready site, and undoes what it created', async () => {
    const { core, fake, rows, tags, importer } = setup()
    const summary = await importer.run('a', rows, tags)
    expect(fake.api.tagsCreate).toHaveBeenCalledExactlyOnceWith({ accountId: 'a', name: 'new' })
    expect(summary.created.map((s) => s.name)).toEqual(['Shop', 'Blog'])
    expect(importer.createdCount).toBe(2)
    expect(importer.results.get(rows[2]!.line)).toBeUndefined()
    expect(importer.running).toBe(false)
    expect(core.data.a!.sites.map((s) => s.name).sort()).toEqual(['Blog', 'Old', 'Shop'])

    const undone = await importer.undo('a', summary.created)
    await flushPromises()
    expect(undone).toEqual({ removed: 2, failed: 0 })
    expect(core.data.a!.sites.map((s) => s.name)).toEqual(['Old'])
  })

  it('stops between two rows, marking the rest not created', async () => {
    const { rows, tags, importer } = setup()
    const running = importer.run('a', rows, tags)
    importer.cancel()
    const summary = await running
    expect(summary.cancelled).toBe(2)
    expect([...importer.results.values()].map((r) => r.state)).toEqual(['cancelled', 'cancelled'])
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import ImportSitesDialog from '../../../../../../src/renderer/src/components/sites/import/ImportSitesDialog.vue'
import { useToastsStore } from '../../../../../../src/renderer/src/stores/toasts'
import { useWorkspaceStore } from '../../../../../../src/renderer/src/stores/workspace'
import { createFakeApi, deferred, fail, makeSite, makeTag, memoryCore, ok, syncState } from '../../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../../support/mount'

afterEach(unmountAll)

const vip = makeTag(7, 'VIP')
const EXISTING = [makeSite(1, { name: 'Shop', url: 'https://shop.example.com' })]

const FILE = [
  'Name,URL,Admin URL,Tags,Notes,Owner',
  'Blog,https://blog.example.org,https://blog.example.org/wp-admin,vip; News,Call Maria first,me',
  ',https://nameless.example,,,,',
  'Bare,docs.example.net,,,,',
  'Shop copy,https://SHOP.example.com/,,,,',
  'Blog twin,https://blog.example.org,,,,',
  'Wiki,https://wiki.example.io,,News,,',
].join('\r\n')

function core() {
  const made = memoryCore({ a: { sites: EXISTING.map((s) => ({ ...s })), tags: [vip] } })
  const fake = createFakeApi(made.methods)
  // Core answers a created site as the server stores it: with its admin address and notes.
  const createInMemory = fake.api.sitesCreate.getMockImplementation()!
  fake.api.sitesCreate.mockImplementation(async (input) => {
    const result = await createInMemory(input)
    if (!result.ok) return result
    const site = { ...result.value, admin_url: input.site.admin_url ?? '', notes: input.site.notes ?? '' }
    made.data.a!.sites[made.data.a!.sites.length - 1] = site
    return ok(site)
  })
  return { ...made, fake }
}

async function mountDialog(fake: ReturnType<typeof core>['fake']) {
  const pinia = testingPinia()
  const router = await testRouter()
  const wrapper: VueWrapper = mountInBody(ImportSitesDialog, {
    props: { open: true, accountId: 'a', 'onUpdate:open': (value: boolean) => void wrapper.setProps({ open: value }) },
    global: { plugins: [fake.plugin, pinia, router] },
  })
  await useWorkspaceStore(pinia).loadSummary()
  await flushPromises()
  return { pinia, user: person() }
}

const dialog = () => screen.getByRole('dialog', { name: 'Import sites' })
const csvFile = (text = FILE, name = 'sites.csv') => new File([text], name, { type: 'text/csv' })
/** Each preview row as [row, name, status pill, detail]. */
const preview = () =>
  within(within(dialog()).getByRole('table', { name: 'Import preview' }))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => {
      const cells = within(tr).getAllByRole('cell')
      return [cells[0]!.textContent?.trim(), cells[1]!.textContent?.trim(), cells[4]!.querySelector('.pill')?.textContent?.trim(), cells[4]!.querySelector('.detail')?.textContent?.trim() ?? '']
    })

async function pick(user: ReturnType<typeof person>, file = csvFile()) {
  await user.upload(within(dialog()).getByLabelText(/Choose a CSV file|Choose another file/), file)
  await flushPromises()
}

describe('ImportSitesDialog', () => {
  it('previews each row: Ready, Invalid with why, Already present in the account or the file', async () => {
    const { fake } = core()
    const { user } = await mountDialog(fake)
    await pick(user)
    expect(within(dialog()).getByText('6 rows: 2 ready, 2 invalid, 2 already present')).toBeVisible()
    expect(preview()).toEqual([
      ['2', 'Blog', 'Ready', ''],
      ['3', '—', 'Invalid', 'Name is missing.'],
      ['4', 'Bare', 'Invalid', 'Address needs http:// or https:// (https://docs.example.net?).'],
      ['5', 'Shop copy', 'Already present', 'Already in the account as "Shop".'],
      ['6', 'Blog twin', 'Already present', 'Same address as row 2 above.'],
      ['7', 'Wiki', 'Ready', ''],
    ])
    expect(within(dialog()).getByText('Columns left out: Owner.')).toBeVisible()
    expect(within(dialog()).getByText('New tags to create first: News.')).toBeVisible()
    expect(fake.api.sitesCreate).not.toHaveBeenCalled()
  })

  it('adds https:// to a bare host when asked, making the row Ready', async () => {
    const { fake } = core()
    const { user } = await mountDialog(fake)
    await pick(user)
    await user.click(within(dialog()).getByRole('button', { name: 'Use https://docs.example.net' }))
    expect(preview()[2]).toEqual(['4', 'Bare', 'Ready', ''])
    expect(within(dialog()).getByRole('button', { name: 'Import 3 sites' })).toBeVisible()
  })

  it('creates the missing tag once, then the Ready sites one by one, and a second run creates nothing', async () => {
    const { fake, data } = core()
    const { pinia, user } = await mountDialog(fake)
    await pick(user)
    await user.click(within(dialog()).getByRole('button', { name: 'Import 2 sites' }))
    await flushPromises()

    expect(fake.api.tagsCreate.mock.calls.map(([input]) => input)).toEqual([{ accountId: 'a', name: 'News' }])
    const news = data.a!.tags.find((t) => t.name === 'News')!
    expect(fake.api.sitesCreate.mock.calls.map(([input]) => input)).toEqual([
      {
        accountId: 'a',
        site: { name: 'Blog', url: 'https://blog.example.org', admin_url: 'https://blog.example.org/wp-admin', notes: 'Call Maria first', tags: [7, news.id] },
      },
      { accountId: 'a', site: { name: 'Wiki', url: 'https://wiki.example.io', tags: [news.id] } },
    ])
    expect(preview().filter(([, , status]) => status === 'Created').map(([line]) => line)).toEqual(['2', '7'])
    expect(within(dialog()).getByRole('status').textContent?.trim()).toBe('Created 2 sites.')
    const toast = useToastsStore(pinia).toasts.at(-1)
    expect(toast).toMatchObject({ kind: 'success', message: 'Imported 2 sites', action: { label: 'Undo' } })
    // In core's store, and the summary read again counts them.
    expect(data.a!.sites.map((s) => s.name)).toEqual(['Shop', 'Blog', 'Wiki'])
    expect(useWorkspaceStore(pinia).scopeAccount('a')?.siteCount).toBe(3)
    expect(within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Nothing to import' }).disabled).toBe(true)

    // The same file again: every address is there now.
    await pick(user)
    expect(preview().map(([, , status]) => status)).toEqual(['Already present', 'Invalid', 'Invalid', 'Already present', 'Already present', 'Already present'])
    expect(within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Nothing to import' }).disabled).toBe(true)
    expect(fake.api.sitesCreate).toHaveBeenCalledTimes(2)
    expect(fake.api.tagsCreate).toHaveBeenCalledTimes(1)

    // Undo deletes what the import created.
    await toast!.action!.run()
    await flushPromises()
    expect(data.a!.sites.map((s) => s.name)).toEqual(['Shop'])
  })

  it('shows a failed row with the reason and sends it again on the next Import, not the created ones', async () => {
    const { fake } = core()
    const createInMemory = fake.api.sitesCreate.getMockImplementation()!
    let refuseWiki = true
    fake.api.sitesCreate.mockImplementation(async (input) =>
      input.site.name === 'Wiki' && refuseWiki ? fail({ code: 'validation', message: 'The url field must be a valid URL.' }) : createInMemory(input),
    )
    const { pinia, user } = await mountDialog(fake)
    await pick(user)
    await user.click(within(dialog()).getByRole('button', { name: 'Import 2 sites' }))
    await flushPromises()
    expect(preview()[5]).toEqual(['7', 'Wiki', 'Failed', 'The url field must be a valid URL.'])
    expect(useToastsStore(pinia).toasts.at(-1)).toMatchObject({ kind: 'error', message: 'Imported 1 site; 1 failed' })

    refuseWiki = false
    await user.click(within(dialog()).getByRole('button', { name: 'Import 1 site' }))
    await flushPromises()
    expect(fake.api.sitesCreate.mock.calls.map(([input]) => input.site.name)).toEqual(['Blog', 'Wiki', 'Wiki'])
    expect(preview()[5]).toEqual(['7', 'Wiki', 'Created', ''])
  })

  it('shows "Creating 1 of 2…" while it runs, and Stop leaves the rest uncreated', async () => {
    const { fake } = core()
    const held = deferred<void>()
    const createInMemory = fake.api.sitesCreate.getMockImplementation()!
    fake.api.sitesCreate.mockImplementation(async (input) => {
      await held.promise
      return createInMemory(input)
    })
    const { user } = await mountDialog(fake)
    await pick(user, csvFile('name,url\nA,https://a.example\nB,https://b.example\n'))
    await user.click(within(dialog()).getByRole('button', { name: 'Import 2 sites' }))
    await flushPromises()
    expect(within(dialog()).getByRole('status').textContent?.trim()).toBe('Creating 1 of 2…')
    await user.click(within(dialog()).getByRole('button', { name: 'Stop' }))
    held.resolve()
    await flushPromises()
    expect(fake.api.sitesCreate).toHaveBeenCalledOnce()
    expect(preview().map(([, name, status]) => [name, status])).toEqual([
      ['A', 'Created'],
      ['B', 'Not created'],
    ])
  })

  it('says why a file cannot be imported', async () => {
    const { fake } = core()
    const { user } = await mountDialog(fake)
    await pick(user, csvFile('title,link\nx,y\n', 'wrong.csv'))
    const alert = within(dialog()).getByRole('alert')
    expect(alert.textContent).toMatch(/^wrong\.csv: The first row must name the columns, with at least "name" and "url" \(or "address"\)\. Found: title, link\.$/)
    expect(within(dialog()).queryByRole('table')).toBeNull()
  })
})

describe('ImportSitesDialog before the first sync', () => {
  it('imports nothing until the account has been read from the server, so no twin is created', async () => {
    const made = memoryCore({ a: { sites: [], tags: [], sync: syncState('a', { lastSyncedAt: null, status: 'syncing' }) } })
    const fake = createFakeApi(made.methods)
    const { user } = await mountDialog(fake as ReturnType<typeof core>['fake'])
    await pick(user, csvFile('name,url\nA,https://a.example\n'))
    expect(within(dialog()).getByRole('alert').textContent).toMatch(/have not been read from the server yet/)
    const button = within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Import 1 site' })
    expect(button.disabled).toBe(true)
    await user.click(button)
    expect(fake.api.sitesCreate).not.toHaveBeenCalled()
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import TagsView from '../../../../src/renderer/src/views/TagsView.vue'
import AppToaster from '../../../../src/renderer/src/components/common/AppToaster.vue'
import type { Site, Tag } from '../../../../src/shared'
import { createFakeApi, fail, makeSite, makeTag, memoryCore, ok, syncState, type AccountData } from '../support/fake-api'
import { errorOf } from '../support/a11y'
import { mountInBody, mountView, unmountAll } from '../support/mount'

function site(id: number, tags: Tag[]): Site {
  return makeSite(id, { tags })
}

const ALPHA = makeTag(1, 'alpha')
const BETA = makeTag(2, 'beta')
const SITES = [site(1, [ALPHA]), site(2, [ALPHA, BETA]), site(3, [])]

async function mountTags(data: Partial<AccountData> = {}) {
  const core = memoryCore({ a: { tags: [BETA, ALPHA], sites: SITES.map((s) => ({ ...s })), ...data } })
  const fake = createFakeApi(core.methods)
  const mounted = await mountView(TagsView, fake, { path: '/tags', route: '/tags' })
  // The toaster App.vue shows beside every view, on the same stores.
  mountInBody(AppToaster, { global: { plugins: [fake.plugin, mounted.pinia] } })
  return { ...mounted, fake, data: core.data }
}

/** `hidden`: also while a dialog hides the table from assistive technology. */
const tagRows = (hidden = false) =>
  within(screen.getByRole('table', { name: 'Tags', hidden })).getAllByRole('row', { hidden }).filter((row) => within(row).queryAllByRole('cell', { hidden }).length > 0)
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell', { hidden: true }).map((td) => td.textContent?.trim())
const rowNames = (hidden = false) => tagRows(hidden).map((row) => cellTexts(row)[0])
const newTagField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'New tag' })
const toasts = (hidden = false) => within(screen.getByRole('region', { name: 'Notifications', hidden }))

describe('TagsView', () => {
  afterEach(unmountAll)

  it('lists the tags with column headers, how many sites carry each, and links to those sites', async () => {
    const { router, user } = await mountTags()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Tags')
    const table = screen.getByRole('table', { name: 'Tags' })
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent?.trim())).toEqual(['Name', 'Sites', 'Created', 'Actions'])
    const rows = tagRows()
    expect(rows.map((r) => cellTexts(r).slice(0, 2))).toEqual([
      ['alpha', '2 sites'],
      ['beta', '1 site'],
    ])
    expect(within(rows[0]!).getByRole('time').getAttribute('datetime')).toBe(ALPHA.created_at)
    expect(screen.getByText('2 tags on 3 sites')).toBeVisible()

    await user.click(within(rows[1]!).getByRole('link', { name: 'beta' }))
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/sites?tag=a:2')
  })

  it('creates a tag when the field is submitted (Enter) and clears the input', async () => {
    const { fake, user } = await mountTags()
    const input = newTagField()
    await user.type(input, 'gamma{Enter}')
    await flushPromises()
    expect(fake.api.tagsCreate).toHaveBeenCalledTimes(1)
    expect(fake.api.tagsCreate).toHaveBeenCalledWith({ accountId: 'a', name: 'gamma' })
    expect(rowNames()).toEqual(['alpha', 'beta', 'gamma'])
    expect(input.value).toBe('')
    const toast = toasts().getByRole('status')
    expect(toast.textContent).toContain('Tag “gamma” created.')

    // Undo deletes it again, and says so.
    await user.click(within(toast).getByRole('button', { name: 'Undo' }))
    await flushPromises()
    expect(fake.api.tagsDelete).toHaveBeenCalledWith({ accountId: 'a', tagId: expect.any(Number) })
    expect(rowNames()).toEqual(['alpha', 'beta'])
    expect(toasts().getByRole('status').textContent).toContain('Tag “gamma” removed again.')
  })

  it("shows the server's refusal of a duplicate name next to the input and keeps the typed name", async () => {
    const { fake, user } = await mountTags()
    fake.api.tagsCreate.mockResolvedValue(
      fail({
        code: 'validation',
        status: 422,
        message: 'The given data was invalid.',
        fields: { name: ['The name has already been taken.'] },
      }),
    )
    const input = newTagField()
    await user.type(input, 'alpha{Enter}')
    await flushPromises()
    expect(screen.getByRole('alert').textContent).toBe('The name has already been taken.')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    // The message is the field's own description, read out with it.
    expect(errorOf(input)).toBe('The name has already been taken.')
    expect(input.value).toBe('alpha')
    expect(rowNames()).toEqual(['alpha', 'beta'])
    // Shown on the field: no toast repeats it.
    expect(toasts().queryByRole('alert')).toBeNull()
  })

  it('drops the "already been taken" message once that tag is deleted', async () => {
    const { fake, user } = await mountTags()
    fake.api.tagsCreate.mockResolvedValueOnce(
      fail({ code: 'validation', status: 422, message: 'The given data was invalid.', fields: { name: ['The name has already been taken.'] } }),
    )
    const input = newTagField()
    await user.type(input, 'alpha{Enter}')
    await flushPromises()
    expect(errorOf(input)).toBe('The name has already been taken.')

    await user.click(screen.getByRole('button', { name: 'Delete tag alpha' }))
    await flushPromises()
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete tag' }))
    await flushPromises()
    expect(rowNames()).toEqual(['beta'])
    expect(errorOf(newTagField())).toBe('')
    expect(screen.queryByText('The name has already been taken.')).toBeNull()
    expect(newTagField().value).toBe('alpha')
  })

  it('asks before deleting, names the tag, keeps it when the server fails and removes it when it agrees', async () => {
    const { fake, user, data } = await mountTags()
    fake.api.tagsDelete.mockResolvedValueOnce(fail({ code: 'server', status: 500, message: 'The server answered 500.' }))

    await user.click(screen.getByRole('button', { name: 'Delete tag alpha' }))
    await flushPromises()
    const dialog = screen.getByRole('alertdialog', { name: 'Delete tag “alpha”?' })
    expect(dialog.textContent).toContain('2 sites lose the tag')

    await user.click(within(dialog).getByRole('button', { name: 'Delete tag' }))
    await flushPromises()
    expect(fake.api.tagsDelete).toHaveBeenCalledWith({ accountId: 'a', tagId: 1 })
    expect(within(dialog).getByRole('alert').textContent).toContain('The server answered 500.')
    expect(toasts(true).getByRole('alert', { hidden: true }).textContent).toContain('Could not delete tag “alpha”. The server answered 500.')
    expect(rowNames(true)).toEqual(['alpha', 'beta'])

    await user.click(within(dialog).getByRole('button', { name: 'Delete tag' }))
    await flushPromises()
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull()
    expect(rowNames()).toEqual(['beta'])
    const deleted = toasts().getByRole('status')
    expect(deleted.textContent).toContain('Tag “alpha” deleted.')
    // A delete cannot be undone through the API: no Undo is offered.
    expect(within(deleted).queryByRole('button', { name: 'Undo' })).toBeNull()
    // Two sites carried it: core's store has them without it, and the summary was read again.
    expect(data.a!.sites.some((site) => site.tags.some((t) => t.id === 1))).toBe(false)
    expect(fake.api.workspaceScope.mock.calls.length).toBeGreaterThan(1)
  })

  it('follows tags created and deleted elsewhere when core says the store changed', async () => {
    const { data, fake } = await mountTags()
    data.a!.tags = [BETA, makeTag(5, 'gamma')]
    fake.emit('workspace:changed', { accountId: 'a', sites: false, tags: true, events: false, changes: null })
    await flushPromises()
    expect(rowNames()).toEqual(['beta', 'gamma'])
  })

  it('explains a failed first sync with a Retry that syncs', async () => {
    const failed = syncState('a', { status: 'failed', lastSyncedAt: null, error: { code: 'timeout', message: 'The server did not answer within 15 seconds.' } })
    const { data, fake, user } = await mountTags({ tags: [], sites: [], sync: failed })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('The server took too long')
    expect(screen.queryByRole('table', { hidden: true })).toBeNull()

    fake.api.syncNow.mockImplementation(async () => {
      data.a!.tags = [ALPHA]
      data.a!.sync = syncState('a')
      fake.emit('sync:state', data.a!.sync)
      fake.emit('workspace:changed', { accountId: 'a', sites: true, tags: true, events: false, changes: null })
      return ok(data.a!.sync)
    })
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await flushPromises()
    expect(rowNames()).toEqual(['alpha'])
  })

  it('invites to create the first tag when there is none', async () => {
    await mountTags({ tags: [] })
    expect(screen.getByText('No tags yet')).toBeVisible()
    expect(screen.queryByRole('table', { hidden: true })).toBeNull()
  })
})

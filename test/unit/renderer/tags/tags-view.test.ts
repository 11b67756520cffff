import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import TagsView from '../../../../src/renderer/src/views/TagsView.vue'
import { useSitesStore } from '../../../../src/renderer/src/stores/sites'
import type { Result, Site, Tag } from '../../../../src/shared'
import { fail, installFakeApi, makeTag, ok, pageOf } from '../support/fake-api'
import { testRouter, testingPinia } from '../support/mount'

function site(id: number, tags: Tag[]): Site {
  const at = '2025-01-01T00:00:00+00:00'
  return {
    id,
    name: `Site ${id}`,
    url: `https://site${id}.example`,
    admin_url: `https://site${id}.example/admin`,
    notes: '',
    status: 'Ok',
    published: null,
    tags,
    server: { ip: null, web: null, php: null, mysql: null },
    updates_count: 0,
    created_at: at,
    updated_at: at,
    last_check_at: null,
  }
}

const ALPHA = makeTag(1, 'alpha')
const BETA = makeTag(2, 'beta')
const SITES = [site(1, [ALPHA]), site(2, [ALPHA, BETA]), site(3, [])]

async function mountTags(api: Parameters<typeof installFakeApi>[0] = {}) {
  const fake = installFakeApi({
    tagsAll: async () => ok([BETA, ALPHA]),
    sitesList: async () => ok(pageOf(SITES, 1)),
    sitesAll: async () => ok(SITES),
    ...api,
  })
  const router = await testRouter('/tags', [{ path: '/tags', component: TagsView }])
  const wrapper = mount({ template: '<RouterView />' }, { global: { plugins: [testingPinia(), router] }, attachTo: document.body })
  await flushPromises()
  return { fake, router, wrapper }
}

const rowNames = (wrapper: ReturnType<typeof mount>) => wrapper.findAll('tbody tr').map((tr) => tr.get('td').text())
const byText = (text: string) => [...document.body.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)

describe('TagsView', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('lists the tags with column headers, how many sites carry each, and links to those sites', async () => {
    const { wrapper, router } = await mountTags()
    expect(wrapper.get('h1').text()).toBe('Tags')
    expect(wrapper.findAll('th').map((th) => th.text())).toEqual(['Name', 'Sites', 'Created', 'Actions'])
    expect(wrapper.get('table').attributes('aria-labelledby')).toBe('tags-heading')
    const rows = wrapper.findAll('tbody tr')
    expect(rows.map((r) => r.findAll('td').map((td) => td.text()).slice(0, 2))).toEqual([
      ['alpha', '2 sites'],
      ['beta', '1 site'],
    ])
    expect(rows[0]!.get('time').attributes('datetime')).toBe(ALPHA.created_at)
    expect(wrapper.text()).toContain('2 tags on 3 sites')

    await rows[1]!.get('a').trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/sites?tag=2')
  })

  it('creates a tag when the field is submitted (Enter) and clears the input', async () => {
    const { wrapper, fake } = await mountTags({ tagsCreate: async ({ name }) => ok(makeTag(3, name)) })
    const input = wrapper.get('input#new-tag-name')
    expect(wrapper.get('label[for="new-tag-name"]').text()).toBe('New tag')
    await input.setValue('gamma')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(fake.api.tagsCreate).toHaveBeenCalledTimes(1)
    expect(fake.api.tagsCreate).toHaveBeenCalledWith({ accountId: 'a', name: 'gamma' })
    expect(rowNames(wrapper)).toEqual(['alpha', 'beta', 'gamma'])
    expect((input.element as HTMLInputElement).value).toBe('')
    expect(wrapper.get('[role="status"]').text()).toBe('Created tag “gamma”.')
  })

  it("shows the server's refusal of a duplicate name next to the input and keeps the typed name", async () => {
    const { wrapper } = await mountTags({
      tagsCreate: async () =>
        fail({
          code: 'validation',
          status: 422,
          message: 'The given data was invalid.',
          fields: { name: ['The name has already been taken.'] },
        }),
    })
    const input = wrapper.get('input#new-tag-name')
    await input.setValue('alpha')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    const error = wrapper.get('#new-tag-error')
    expect(error.text()).toBe('The name has already been taken.')
    expect(input.attributes('aria-invalid')).toBe('true')
    expect(input.attributes('aria-describedby')).toBe('new-tag-error')
    expect((input.element as HTMLInputElement).value).toBe('alpha')
    expect(rowNames(wrapper)).toEqual(['alpha', 'beta'])
  })

  it('asks before deleting, names the tag, keeps it when the server fails and removes it when it agrees', async () => {
    let answer: Result<void> = fail({ code: 'server', status: 500, message: 'The server answered 500.' })
    const { wrapper, fake } = await mountTags({ tagsDelete: async () => answer })

    await wrapper.get('button[aria-label="Delete tag alpha"]').trigger('click')
    await flushPromises()
    const dialog = document.body.querySelector('[role="alertdialog"]')!
    expect(dialog).not.toBeNull()
    expect(dialog.textContent).toContain('Delete tag “alpha”?')
    expect(dialog.textContent).toContain('2 sites lose the tag')

    byText('Delete tag')!.click()
    await flushPromises()
    expect(fake.api.tagsDelete).toHaveBeenCalledWith({ accountId: 'a', tagId: 1 })
    expect(document.body.querySelector('[role="alertdialog"]')?.textContent).toContain('The server answered 500.')
    expect(rowNames(wrapper)).toEqual(['alpha', 'beta'])

    answer = ok(undefined)
    byText('Delete tag')!.click()
    await flushPromises()
    expect(document.body.querySelector('[role="alertdialog"]')).toBeNull()
    expect(rowNames(wrapper)).toEqual(['beta'])
    expect(wrapper.get('[role="status"]').text()).toBe('Deleted tag “alpha”.')
    // Two sites carried it: their cached rows lose it at once, without reading the list again.
    const sites = useSitesStore()
    expect(sites.allSites.some((site) => site.tags.some((t) => t.id === 1))).toBe(false)
    expect(fake.api.sitesAll).toHaveBeenCalledTimes(1)
  })

  it('says why the counts are missing when the site list failed, and retries it', async () => {
    let answer: Result<Site[]> = fail({ code: 'network', message: 'Could not reach 127.0.0.1:9.' })
    const { wrapper, fake } = await mountTags({ sitesAll: async () => answer })
    expect(wrapper.findAll('tbody tr').map((r) => r.findAll('td')[1]!.text())).toEqual(['—', '—'])
    expect(wrapper.text()).toContain('Sites per tag cannot be counted without the site list.')
    const alert = wrapper.get('[role="alert"]')
    expect(alert.text()).toContain('Could not reach 127.0.0.1:9.')

    answer = ok(SITES)
    await alert.get('button').trigger('click')
    await flushPromises()
    expect(fake.api.sitesAll).toHaveBeenCalledTimes(2)
    expect(wrapper.find('[role="alert"]').exists()).toBe(false)
    expect(wrapper.findAll('tbody tr').map((r) => r.findAll('td')[1]!.text())).toEqual(['2 sites', '1 site'])
  })

  it('explains a failed load with a Retry that loads the tags', async () => {
    let answer: Result<Tag[]> = fail({ code: 'timeout', message: 'The server did not answer within 15 seconds.' })
    const { wrapper } = await mountTags({ tagsAll: async () => answer })
    expect(wrapper.get('[role="alert"]').text()).toContain('The server took too long')
    expect(wrapper.find('table').exists()).toBe(false)

    answer = ok([ALPHA])
    await wrapper.get('[role="alert"] button').trigger('click')
    await flushPromises()
    expect(rowNames(wrapper)).toEqual(['alpha'])
  })

  it('invites to create the first tag when there is none', async () => {
    const { wrapper } = await mountTags({ tagsAll: async () => ok([]) })
    expect(wrapper.text()).toContain('No tags yet')
    expect(wrapper.find('table').exists()).toBe(false)
  })
})

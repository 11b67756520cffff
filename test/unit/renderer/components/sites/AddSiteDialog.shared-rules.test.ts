// The New site form checks with the app's one New site schema (shared/new-site.ts) before
// sending, and places every refusal on its field with one mapper (lib/site-field-errors.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/dom'
import { flushPromises, type VueWrapper } from '@vue/test-utils'
import AddSiteDialog from '../../../../../src/renderer/src/components/sites/AddSiteDialog.vue'
import { errorOf } from '../../support/a11y'
import { createFakeApi, fail, makeTag, memoryCore } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

afterEach(unmountAll)

async function mountDialog() {
  const fake = createFakeApi(memoryCore({ a: { tags: [makeTag(7, 'VIP')] } }).methods)
  const router = await testRouter()
  const wrapper: VueWrapper = mountInBody(AddSiteDialog, {
    props: { open: true, 'onUpdate:open': (value: boolean) => wrapper.setProps({ open: value }) },
    global: { plugins: [fake.plugin, testingPinia(), router] },
  })
  await flushPromises()
  return { fake, user: person() }
}

const dialog = () => screen.getByRole('dialog')
const textbox = (name: RegExp) => within(dialog()).getByRole('textbox', { name })

describe('AddSiteDialog with the shared New site rules', () => {
  it('refuses CMS id "0" on its field before sending anything', async () => {
    const { fake, user } = await mountDialog()
    await user.type(textbox(/^Name/), 'Shop')
    await user.type(textbox(/^Address/), 'https://shop.example.com')
    await user.type(textbox(/^CMS id/), '0')
    await user.click(within(dialog()).getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(textbox(/^CMS id/).getAttribute('aria-invalid')).toBe('true')
    expect(errorOf(textbox(/^CMS id/))).toBe('CMS id must be a whole number from 1.')
    // On its field, not as a message at the bottom of the form.
    expect(within(dialog()).queryByRole('alert')).toBeNull()
    expect(fake.api.sitesCreate).not.toHaveBeenCalled()

    // Corrected, the same form sends, with the id as a number.
    await user.clear(textbox(/^CMS id/))
    await user.type(textbox(/^CMS id/), '3')
    await user.click(within(dialog()).getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(fake.api.sitesCreate).toHaveBeenCalledTimes(1)
    expect(fake.api.sitesCreate.mock.calls[0]?.[0]).toMatchObject({ site: { name: 'Shop', url: 'https://shop.example.com', cms_id: 3 } })
  })

  it("puts the API's 422 on the fields it names (url, tags.0), and the rest under the form", async () => {
    const { fake, user } = await mountDialog()
    fake.api.sitesCreate.mockResolvedValue(
      fail({
        code: 'validation',
        message: 'The url field must be a valid URL. (and 2 more errors)',
        fields: {
          url: ['The url field must be a valid URL.'],
          'tags.0': ['The selected tags.0 is invalid.'],
          team: ['The team field is not allowed.'],
        },
      }),
    )
    await user.type(textbox(/^Name/), 'Shop')
    await user.type(textbox(/^Address/), 'https://shop.example.com')
    await user.click(within(dialog()).getByRole('checkbox', { name: 'VIP' }))
    await user.click(within(dialog()).getByRole('button', { name: 'Add site' }))
    await flushPromises()
    expect(fake.api.sitesCreate).toHaveBeenCalledTimes(1)
    expect(errorOf(textbox(/^Address/))).toBe('The url field must be a valid URL.')
    const tagsError = within(dialog()).getByText('The selected tags.0 is invalid.')
    expect(tagsError.id).toBe('site-tags-error')
    expect(within(dialog()).getByRole('alert')).toHaveProperty('textContent', 'The team field is not allowed.')
  })
})

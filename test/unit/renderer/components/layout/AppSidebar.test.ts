// The sidebar as a drawer (a narrow window, App.vue's Menu button): the focus goes into it as
// it opens; Escape asks to close it with the focus back on the button; a link to another view
// asks to close it and leaves the focus to that view's heading, a link to the view already
// shown gives it back to the button; as a plain sidebar it asks for nothing.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen, within } from '@testing-library/dom'
import AppSidebar from '../../../../../src/renderer/src/components/layout/AppSidebar.vue'
import { createFakeApi, makeAccount, memoryCore } from '../../support/fake-api'
import { mountInBody, person, testingPinia, testRouter, unmountAll } from '../../support/mount'

afterEach(unmountAll)

async function mountSidebar(drawer: boolean) {
  const fake = createFakeApi(memoryCore({ a: { sites: [], tags: [] } }).methods)
  const router = await testRouter('/sites')
  const wrapper = mountInBody(AppSidebar, { props: { drawer, open: false }, global: { plugins: [fake.plugin, testingPinia([makeAccount('a')]), router] } })
  await flushPromises()
  return { wrapper, router, user: person() }
}

const closes = (wrapper: Awaited<ReturnType<typeof mountSidebar>>['wrapper']) => (wrapper.emitted('close') ?? []).map(([refocus]) => refocus)

describe('AppSidebar as a drawer', () => {
  it('takes the focus as it opens, and Escape asks to close it with the focus back on the Menu button', async () => {
    const { wrapper, user } = await mountSidebar(true)
    await wrapper.setProps({ open: true })
    await flushPromises()
    const sidebar = screen.getByRole('complementary')
    expect(sidebar.contains(document.activeElement)).toBe(true)
    await user.keyboard('{Escape}')
    expect(closes(wrapper)).toEqual([true])
  })

  it('asks to close on a link: another view takes the focus itself, the view already shown gives it to the button', async () => {
    const { wrapper, user } = await mountSidebar(true)
    await wrapper.setProps({ open: true })
    await flushPromises()
    const nav = screen.getByRole('navigation', { name: 'Main' })
    await user.click(within(nav).getByRole('link', { name: 'Sites' }))
    await user.click(within(nav).getByRole('link', { name: 'Events' }))
    expect(closes(wrapper)).toEqual([true, false])
  })

  it('as the sidebar of a wide window, asks for nothing', async () => {
    const { wrapper, user } = await mountSidebar(false)
    within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Tags' }).focus()
    await user.keyboard('{Escape}')
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Events' }))
    expect(wrapper.emitted('close')).toBeUndefined()
  })
})

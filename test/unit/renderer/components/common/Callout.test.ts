// The one alert block (errors, the unread accounts' notice, the token and sync banners): an
// alert with its words, Retry when offered (waiting while a retry runs), or the actions given.
import { afterEach, describe, expect, it } from 'vitest'
import { h } from 'vue'
import { screen, within } from '@testing-library/dom'
import userEvent from '@testing-library/user-event'
import Callout from '../../../../../src/renderer/src/components/common/Callout.vue'
import { mountInBody, unmountAll } from '../../support/mount'

afterEach(unmountAll)

describe('Callout', () => {
  it('is an alert with its words and no button unless Retry is offered', () => {
    mountInBody(Callout, { props: { tone: 'danger' }, slots: { default: () => h('p', 'Cannot reach the server.') } })
    expect(screen.getByRole('alert').textContent?.trim()).toBe('Cannot reach the server.')
    expect(within(screen.getByRole('alert')).queryByRole('button')).toBeNull()
  })

  it('offers Retry, which asks again, and waits while a retry runs', async () => {
    const wrapper = mountInBody(Callout, { props: { tone: 'warning', shape: 'banner', retry: true }, slots: { default: () => 'Showing data from 09:12.' } })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }))
    expect(wrapper.emitted('retry')).toHaveLength(1)
    await wrapper.setProps({ retrying: true })
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Retrying…' }).disabled).toBe(true)
  })

  it('shows the actions it is given instead of Retry', () => {
    mountInBody(Callout, {
      props: { tone: 'warning', shape: 'banner', icon: 'key', retry: true },
      slots: { default: () => 'The server refused the token.', actions: () => h('button', { type: 'button' }, 'Enter new token') },
    })
    expect(within(screen.getByRole('alert')).getAllByRole('button').map((b) => b.textContent)).toEqual(['Enter new token'])
  })
})

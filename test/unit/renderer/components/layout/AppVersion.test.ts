// The version line reads the app-info store (app:info kept for the window): shown once core
// answered, nothing while it has not, and a line mounted later asks core nothing more.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { screen } from '@testing-library/dom'
import AppVersion from '../../../../../src/renderer/src/components/layout/AppVersion.vue'
import { createFakeApi, fail, ok } from '../../support/fake-api'
import { mountInBody, storePinia, unmountAll } from '../../support/mount'

afterEach(unmountAll)

const INFO = { name: 'Site Manager', version: '1.2.3', shell: 'web' as const, platform: 'linux' }

describe('AppVersion', () => {
  it("shows core's version, and a line mounted later asks core nothing more", async () => {
    const fake = createFakeApi({ appInfo: async () => ok(INFO) })
    const pinia = storePinia(fake)
    mountInBody(AppVersion, { global: { plugins: [fake.plugin, pinia] } })
    await flushPromises()
    mountInBody(AppVersion, { global: { plugins: [fake.plugin, pinia] } })
    await flushPromises()
    expect(screen.getAllByText('Version 1.2.3')).toHaveLength(2)
    expect(fake.api.appInfo).toHaveBeenCalledTimes(1)
  })

  it('shows nothing while core cannot say', async () => {
    const fake = createFakeApi({ appInfo: async () => fail({ code: 'network', message: 'Could not reach core.' }) })
    const pinia = storePinia(fake)
    mountInBody(AppVersion, { global: { plugins: [fake.plugin, pinia] } })
    await flushPromises()
    expect(screen.queryByTestId('app-version')).toBeNull()
  })
})

// The About view: the version from core, the runtime from the user agent, and the bundled
// packages' licenses (from the build's generated list, stood in for here so the test never
// reads a stale copy), found by name, with their text; and what it says when something is missing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/dom'
import { flushPromises } from '@vue/test-utils'
import type { LicenseEntry } from '../../../../src/renderer/src/lib/about-info'
import { runtimeVersions } from '../../../../src/renderer/src/lib/about-info'
import AboutView from '../../../../src/renderer/src/views/AboutView.vue'
import { createFakeApi, fail, ok } from '../support/fake-api'
import { mountView, unmountAll } from '../support/mount'

const list = vi.hoisted(() => ({ load: async (): Promise<LicenseEntry[] | null> => null }))
vi.mock('../../../../src/renderer/src/lib/about-info', async (original) => ({
  ...(await original<typeof import('../../../../src/renderer/src/lib/about-info')>()),
  loadLicenses: () => list.load(),
}))

const PACKAGES: LicenseEntry[] = [
  { name: 'better-sqlite3', version: '12.11.1', license: 'MIT', author: 'Joshua Wise', text: 'The MIT License (MIT)\nCopyright (c) 2017 Joshua Wise' },
  { name: 'vue', version: '3.5.45', license: 'MIT', author: 'Evan You', text: 'The MIT License (MIT)\nCopyright (c) 2018-present, Yuxi (Evan) You' },
  { name: 'tslib', version: '2.8.1', license: '0BSD' },
]

afterEach(unmountAll)
beforeEach(() => {
  list.load = async () => PACKAGES
})

const info = () => ok({ name: 'Site Manager', version: '0.1.0', shell: 'electron' as const, platform: 'linux' })

describe('AboutView', () => {
  it('shows the name, version and how it runs', async () => {
    await mountView(AboutView, createFakeApi({ appInfo: async () => info() }))
    expect(screen.getByRole('heading', { level: 1, name: 'Site Manager' })).toBeVisible()
    expect(screen.getByTestId('about-version').textContent).toBe('0.1.0')
    expect(screen.getByText('Desktop app on linux')).toBeVisible()
  })

  it('lists the bundled packages with their licenses, found by name, with the licence text', async () => {
    const { user } = await mountView(AboutView, createFakeApi({ appInfo: async () => info() }))
    const packages = screen.getByRole('list', { name: 'Bundled packages' })
    expect(within(packages).getAllByRole('listitem')).toHaveLength(3)
    expect(screen.getByText('3 of 3 packages')).toBeVisible()

    await user.type(screen.getByRole('searchbox', { name: 'Find a package' }), 'sqlite')
    expect(within(packages).getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByText('1 of 3 packages')).toBeVisible()

    // The licence text opens under the package (by keyboard too: a summary is a native control).
    const summary = within(packages).getByText('better-sqlite3').closest('summary')!
    await user.click(summary)
    expect(summary.closest('details')!.open).toBe(true)
    expect(within(packages).getByText(/Copyright \(c\) 2017 Joshua Wise/)).toBeVisible()
    expect(within(packages).getByText('By Joshua Wise')).toBeVisible()
  })

  it('says when a package has no licence file', async () => {
    const { user } = await mountView(AboutView, createFakeApi({ appInfo: async () => info() }))
    await user.type(screen.getByRole('searchbox', { name: 'Find a package' }), '0BSD')
    // The note sits with the licence text, under the package's summary: open it as a person would.
    const [found] = within(screen.getByRole('list', { name: 'Bundled packages' })).getAllByRole('listitem')
    await user.click(found!.querySelector('summary')!)
    expect(screen.getByText('The package has no license file; its package.json says 0BSD.')).toBeVisible()
  })

  it('says when the build has no list of licenses', async () => {
    list.load = async () => null
    await mountView(AboutView, createFakeApi({ appInfo: async () => info() }))
    expect(screen.getByText(/This build has no list of licenses/)).toBeVisible()
    expect(screen.queryByRole('list', { name: 'Bundled packages' })).toBeNull()
  })

  it('offers another try when the list cannot be loaded', async () => {
    list.load = async () => {
      throw new Error('chunk missing')
    }
    const { user } = await mountView(AboutView, createFakeApi({ appInfo: async () => info() }))
    expect(screen.getByRole('alert').textContent).toMatch(/could not be loaded/)
    list.load = async () => PACKAGES
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await flushPromises()
    expect(screen.getByRole('list', { name: 'Bundled packages' })).toBeVisible()
  })

  it('shows the error when the version cannot be read', async () => {
    await mountView(AboutView, createFakeApi({ appInfo: async () => fail({ code: 'internal', message: 'Core is not running' }) }))
    expect(screen.queryByTestId('about-version')).toBeNull()
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0)
  })
})

describe('runtimeVersions', () => {
  it('reads Electron and Chromium from the user agent', () => {
    const electron = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) site-manager/0.1.0 Chrome/140.0.7339.133 Electron/45.4.1 Safari/537.36'
    expect(runtimeVersions(electron)).toEqual({ electron: '45.4.1', chromium: '140.0.7339.133' })
    expect(runtimeVersions('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36')).toEqual({ electron: null, chromium: '131.0.0.0' })
    expect(runtimeVersions('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/140.0.7339.5 Safari/537.36').chromium).toBe('140.0.7339.5')
    expect(runtimeVersions('Mozilla/5.0 Firefox/130.0')).toEqual({ electron: null, chromium: null })
  })
})

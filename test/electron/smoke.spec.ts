// The desktop app itself, launched by Playwright's Electron driver from the build (out/): the
// window shows, the demo workspace opens (--demo), the Sites view lists its rows, the reads the
// window made while opening are kept for the next launch's head start, the Overview
// shows, the application menu drives the window (View → Sites runs the renderer's command),
// and the main process can show a system notification. Where the Electron binary is missing
// (it is downloaded by the electron package's install step, impossible offline) or there is
// no display, the test is skipped with the reason.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test'
// Resolved by hand: require('electron') would try to download a missing binary.
import { findElectronBinary, whyElectronCannotStart } from '../../scripts/lib/electron-binary.mjs'
import { ensureElectronSqlite, SQLITE_BINDING_ENV } from '../../scripts/lib/electron-sqlite.mjs'

const APP_ROOT = fileURLToPath(new URL('../../', import.meta.url))

function definedEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))
}

const binary = findElectronBinary()
const cannotStart = whyElectronCannotStart({ binary })

test.describe('desktop app (Electron)', () => {
  test.skip(cannotStart !== null, `Electron cannot start on this machine: ${cannotStart}. Install its binary (npx install-electron) where Electron's release archives can be downloaded, with a display, to run this test.`)

  let app: ElectronApplication
  let window: Page
  let userData: string

  test.beforeAll(async () => {
    userData = mkdtempSync(join(tmpdir(), 'site-manager-electron-'))
    // The local store's SQLite module built for Electron's ABI, as `npm start` does.
    const sqliteBinding = await ensureElectronSqlite()
    app = await _electron.launch({
      executablePath: binary!,
      args: [join(APP_ROOT, 'out', 'main', 'index.js'), '--demo', `--user-data-dir=${userData}`],
      cwd: APP_ROOT,
      // Playwright takes only set variables.
      env: { ...definedEnv(process.env), [SQLITE_BINDING_ENV]: sqliteBinding },
    })
    window = await app.firstWindow()
  })

  test.afterAll(async () => {
    await app?.close()
    rmSync(userData, { recursive: true, force: true })
  })

  test('opens the demo, lists sites, shows the overview, and notifies', async () => {
    await test.step('the window shows', async () => {
      await expect(window).toHaveTitle(/Site Manager/)
      await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().some((w) => w.isVisible()))).toBe(true)
    })

    await test.step('the demo workspace opens and the Sites view lists its rows', async () => {
      const nav = window.getByRole('navigation', { name: 'Main' })
      await nav.getByRole('link', { name: 'Sites', exact: true }).click()
      await expect(window.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
      const rows = window.getByRole('table', { name: 'Sites' }).locator('tbody tr.site-row')
      await expect(rows.first()).toBeVisible()
      expect(await rows.count()).toBeGreaterThan(5)
    })

    await test.step("the reads the window made while opening are kept for the next launch's head start", async () => {
      // The click above ended the page's opening; the preload then told main its first reads.
      const kept = () => {
        try {
          return JSON.parse(readFileSync(join(userData, 'desktop-first-calls.json'), 'utf8')) as Array<{ channel: string }>
        } catch {
          return []
        }
      }
      await expect.poll(() => kept().map((call) => call.channel)).toContain('accounts:list')
    })

    await test.step('the Overview shows', async () => {
      await window.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview', exact: true }).click()
      await expect(window.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
    })

    await test.step('the application menu runs the renderer\'s command (View → Sites)', async () => {
      await app.evaluate(({ Menu }) => {
        const view = Menu.getApplicationMenu()?.items.find((item) => item.label === 'View')
        const sites = view?.submenu?.items.find((item) => item.label === 'Sites')
        if (!sites) throw new Error('View → Sites is not in the application menu')
        sites.click()
      })
      await expect(window.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible()
    })

    await test.step('Help → About shows the version and the licenses', async () => {
      await app.evaluate(({ Menu }) => {
        const about = Menu.getApplicationMenu()
          ?.items.flatMap((item) => item.submenu?.items ?? [])
          .find((item) => item.label === 'About Site Manager')
        if (!about) throw new Error('About Site Manager is not in the application menu')
        about.click()
      })
      await expect(window.getByRole('heading', { level: 1, name: 'Site Manager' })).toBeVisible()
      const version = await app.evaluate(({ app: electronApp }) => electronApp.getVersion())
      await expect(window.getByTestId('about-version')).toHaveText(version)
      await expect(window.getByRole('list', { name: 'Bundled packages' }).getByText('better-sqlite3', { exact: true })).toBeVisible()
    })

    await test.step('the main process shows a system notification', async () => {
      const shown = await app.evaluate(async ({ Notification }) => {
        if (!Notification.isSupported()) return 'not supported'
        const notification = new Notification({ title: 'Site Manager', body: 'Smoke test' })
        return await new Promise<string>((resolve) => {
          notification.on('show', () => resolve('shown'))
          notification.on('failed', (_event, error) => resolve(`failed: ${error}`))
          notification.show()
          setTimeout(() => resolve('no show event'), 5000)
        })
      })
      expect(shown).toBe('shown')
    })
  })
})

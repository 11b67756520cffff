// `npm start` and `npm run web` as a person runs them: real processes of scripts/start.mjs and
// scripts/web.mjs over loopback HTTP. start.mjs is made to meet a machine where Electron
// cannot start (SITE_MANAGER_ELECTRON_BINARY names a missing binary), so the result is the same
// whether or not this machine has Electron: one sentence saying so, then the web shell.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { appIsBuilt, isAlive, runAppCommand, type RunningCommand, URL_LINE } from './support/app-command'

const FALLBACK_SENTENCE = /^Electron cannot start on this machine \(its binary is not installed\), so Site Manager runs as a web shell in your browser instead\.$/m

let dataDir: string
let running: RunningCommand | null = null

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'start-command-test-'))
})
afterEach(async () => {
  // A failed assertion must not leave a server behind.
  await running?.stop(2_000)
  running = null
  rmSync(dataDir, { recursive: true, force: true })
})

function environment(): NodeJS.ProcessEnv {
  return { ...process.env, SITE_MANAGER_ELECTRON_BINARY: join(dataDir, 'no-electron-here', 'electron') }
}

/**
 * Opens the printed address as a browser would: the page at once (no redirect), with the token
 * set as a cookie and the answer never kept; then the bare address with that cookie.
 */
async function expectShellAnswers(port: number, url: string): Promise<void> {
  const first = await fetch(url, { redirect: 'manual' })
  expect(first.status).toBe(200)
  expect(first.headers.get('cache-control')).toBe('no-store')
  expect(await first.text()).toContain('<div id="app">')
  const cookie = first.headers.get('set-cookie')
  expect(cookie).toBeTruthy()
  const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { Cookie: cookie!.split(';')[0]! } })
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  expect(await page.text()).toContain('<div id="app">')
}

/** Stops the command and checks that it ended by itself on SIGTERM, leaving no process or port. */
async function expectCleanStop(command: RunningCommand, port: number): Promise<void> {
  const pid = command.child.pid!
  const ended = await command.stop()
  running = null
  expect(ended.killed).toBe(false)
  expect(ended.code).toBe(0)
  expect(isAlive(pid)).toBe(false)
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow()
}

// Skipped, and named so, only where out/ is missing: the commands would build it first.
describe.runIf(appIsBuilt)('with out/ built (skipped without it: run `node scripts/build.mjs`)', () => {
  it('npm start: says in one sentence that Electron cannot start, then serves the web shell at the printed address', async () => {
    running = runAppCommand('start.mjs', ['--port', '0', '--no-open', '--data-dir', dataDir], environment())
    const [, portText, token] = await running.waitForStdout(URL_LINE)
    const port = Number(portText)
    expect(token!.length).toBeGreaterThanOrEqual(16)

    const lines = running.stdout().trimEnd().split('\n')
    expect(lines.filter((line) => /Electron/.test(line))).toHaveLength(1)
    expect(running.stdout()).toMatch(FALLBACK_SENTENCE)
    // The sentence comes before the address, so a person reads why before where.
    expect(running.stdout().search(FALLBACK_SENTENCE)).toBeLessThan(running.stdout().search(URL_LINE))

    await expectShellAnswers(port, `http://127.0.0.1:${port}/?token=${token}`)
    // Without --demo nothing opens the demo workspace.
    expect(existsSync(join(dataDir, 'demo'))).toBe(false)
    await expectCleanStop(running, port)
  }, 90_000)

  it('npm start -- --demo: passes --demo on, so the web shell opens the demo workspace in the data folder', async () => {
    running = runAppCommand('start.mjs', ['--port', '0', '--no-open', '--data-dir', dataDir, '--demo'], environment())
    const [url, portText] = await running.waitForStdout(URL_LINE)
    const port = Number(portText)
    expect(running.stdout()).toMatch(FALLBACK_SENTENCE)

    await expectShellAnswers(port, url)
    await expect.poll(() => existsSync(join(dataDir, 'demo')), { timeout: 15_000, interval: 50 }).toBe(true)
    await expectCleanStop(running, port)
  }, 90_000)

  it('npm run web: prints what it is and then the address, and serves the shell there', async () => {
    running = runAppCommand('web.mjs', ['--port', '0', '--no-open', '--data-dir', dataDir], environment())
    const [url, portText] = await running.waitForStdout(URL_LINE)
    const port = Number(portText)

    const lines = running.stdout().trimEnd().split('\n')
    expect(lines).toEqual(['Site Manager is running in your browser at this address (Ctrl+C stops it):', url])
    await expectShellAnswers(port, url)
    await expectCleanStop(running, port)
  }, 90_000)
})

// The smoke tests of the web shell: the real shell process, the real built renderer, Debian's
// Chromium. The first proves the whole path page -> window.api -> WebSocket -> core and back;
// the second that a socket without the token, or from another page, is refused.
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './support/fixtures'
import { APP_ROOT } from './support/web-shell'
import { upgradeStatus } from '../unit/support/websocket-upgrade'

const version = (JSON.parse(readFileSync(join(APP_ROOT, 'package.json'), 'utf8')) as { version: string }).version

test('the page shows the app version it got from app:info through the bridge', async ({ openApp, webShell }, testInfo) => {
  const page = await openApp()
  // The token was traded for a cookie and is gone from the address bar.
  expect(page.url()).not.toContain(webShell.token)
  await expect(page.getByTestId('app-version')).toContainText(version)

  const info = await page.evaluate(() => (globalThis as any).api.appInfo())
  expect(info).toEqual({ ok: true, value: expect.objectContaining({ version, shell: 'web' }) })
  await page.screenshot({ path: testInfo.outputPath('web-shell-version.png') })
})

test('a WebSocket without the token, or from a foreign Origin, is refused', async ({ openApp, webShell }) => {
  const socketUrl = `ws://127.0.0.1:${webShell.port}/__ws`
  expect(await upgradeStatus(socketUrl, { Origin: webShell.origin })).toBe(401)
  expect(await upgradeStatus(`${socketUrl}?token=${webShell.token}`, { Origin: 'http://evil.example' })).toBe(403)
  expect(await upgradeStatus(`${socketUrl}?token=${webShell.token}`, { Origin: webShell.origin })).toBe(101)

  // In the browser: after the app was opened the cookie is set, and Chromium would send it
  // along from any page on 127.0.0.1 (cookies ignore ports). The Origin check still refuses
  // a page served from another port.
  const page = await openApp()
  const foreign: Server = createServer((_req, res) => res.end('<!doctype html><title>foreign</title>'))
  await new Promise<void>((done) => foreign.listen(0, '127.0.0.1', done))
  try {
    const address = foreign.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    await page.goto(`http://127.0.0.1:${address.port}/`)
    const outcome = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const socket = new (globalThis as any).WebSocket(url)
          socket.onopen = () => resolve('opened')
          socket.onclose = () => resolve('refused')
        }),
      socketUrl,
    )
    expect(outcome).toBe('refused')
  } finally {
    await new Promise<void>((done) => foreign.close(() => done()))
  }
})

import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { browserOpener, openInBrowser, writeLaunchPage } from '../../../src/web/system-browser'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'system-browser-test-'))
})
afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

const address = 'http://127.0.0.1:8861/?token=secret-token-1234567890&x="<y>'

describe('opening addresses in the system browser', () => {
  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'mailto:a@b.c', 'ssh://host', 'not a url', 'https://a.example/a b'])(
    'never opens %s, and starts no opener for it',
    async (url) => {
      // A stand-in xdg-open that would leave a mark if it were started.
      const bin = join(dir, 'bin')
      const started = join(dir, 'started')
      mkdirSync(bin)
      writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\ntouch '${started}'\n`, { mode: 0o755 })
      vi.stubEnv('DISPLAY', ':99')
      vi.stubEnv('PATH', `${bin}:${process.env.PATH ?? ''}`)
      expect(await openInBrowser(url, dir)).toBe(false)
      expect(() => statSync(join(dir, 'open-in-browser.html'))).toThrow()
      expect(() => statSync(started)).toThrow()
    },
  )

  it('does not try xdg-open without a display (it would start a text browser in the terminal)', () => {
    expect(browserOpener('linux', {})).toBeNull()
    expect(browserOpener('linux', { DISPLAY: ':0' })).toEqual({ command: 'xdg-open', args: [] })
    expect(browserOpener('linux', { WAYLAND_DISPLAY: 'wayland-0' })?.command).toBe('xdg-open')
    expect(browserOpener('darwin', {})?.command).toBe('open')
  })
})

describe('the launch page that carries the token instead of the command line', () => {
  it('redirects to the address twice over (meta refresh and script), escaped, readable by its owner only', () => {
    const file = writeLaunchPage(address, dir)
    expect(file).toBe(join(dir, 'open-in-browser.html'))
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const page = readFileSync(file, 'utf8')
    const escaped = 'http://127.0.0.1:8861/?token=secret-token-1234567890&amp;x=&quot;&lt;y&gt;'
    expect(page).toContain(`<meta http-equiv="refresh" content="0;url=${escaped}">`)
    expect(page).toContain('location.replace("http://127.0.0.1:8861/?token=secret-token-1234567890&x=\\"\\u003cy>")')
    expect(page).not.toContain('<y>')
  })

  it('is replaced on every launch, never written through an old file or a planted symlink', () => {
    const elsewhere = join(dir, 'elsewhere.txt')
    writeFileSync(elsewhere, 'untouched')
    symlinkSync(elsewhere, join(dir, 'open-in-browser.html'))
    const file = writeLaunchPage(address, dir)
    expect(readFileSync(elsewhere, 'utf8')).toBe('untouched')
    expect(statSync(file).mode & 0o777).toBe(0o600)

    chmodSync(file, 0o644)
    writeLaunchPage('http://127.0.0.1:9999/?token=another-token-123456', dir)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8')).toContain('another-token-123456')
  })

  it('leads only to web addresses', () => {
    expect(() => writeLaunchPage('javascript:alert(1)', dir)).toThrow()
  })

  it('hands the opener the page path, so the token never appears in a process argument', async () => {
    // A stand-in xdg-open that records the arguments it was started with.
    const bin = join(dir, 'bin')
    const argsFile = join(dir, 'opener-args.txt')
    const dataDir = join(dir, 'data')
    mkdirSync(bin)
    mkdirSync(dataDir)
    writeFileSync(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${argsFile}'\n`, { mode: 0o755 })
    vi.stubEnv('DISPLAY', ':99')
    vi.stubEnv('PATH', `${bin}:${process.env.PATH ?? ''}`)

    expect(await openInBrowser(address, dataDir)).toBe(true)
    await vi.waitFor(() => expect(readFileSync(argsFile, 'utf8')).not.toBe(''), { timeout: 5000 })
    const args = readFileSync(argsFile, 'utf8')
    expect(args.trim()).toBe(join(dataDir, 'open-in-browser.html'))
    expect(args).not.toContain('secret-token')
    expect(readFileSync(join(dataDir, 'open-in-browser.html'), 'utf8')).toContain('secret-token')
  })

  it.runIf(process.platform === 'linux')('answers false when there is no display, writing nothing', async () => {
    vi.stubEnv('DISPLAY', '')
    vi.stubEnv('WAYLAND_DISPLAY', '')
    expect(await openInBrowser(address, dir)).toBe(false)
    expect(() => statSync(join(dir, 'open-in-browser.html'))).toThrow()
  })
})

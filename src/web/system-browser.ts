// Opening the shell's own address in the person's own browser when it starts (links in the app
// open as ordinary links of that browser). Only http(s) is ever opened:
// xdg-open and friends would happily run file:, mailto: or custom-scheme handlers (the check is
// the app's one web address check, shared/web-address.ts).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isWebAddress } from '../shared'

/** Written on every launch, beside the app data, when the shell opens the browser itself. */
export const LAUNCH_PAGE_NAME = 'open-in-browser.html'

/** The opener command for this platform, or null where no desktop can show a browser. */
export function browserOpener(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): { command: string; args: string[] } | null {
  if (platform === 'darwin') return { command: 'open', args: [] }
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler'] }
  // Without a display xdg-open falls back to a text browser that would take over the terminal.
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return null
  return { command: 'xdg-open', args: [] }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * Writes a page that sends the browser on to `address` and returns its path. The shell's
 * address carries its access token, and a command's arguments are readable by every user
 * (/proc/PID/cmdline, ps), so the opener is given this file's path instead (as Jupyter does).
 * The file is readable by its owner only, and replaced, never written through: an old file or
 * a planted symlink is removed first and the new one created exclusively.
 */
export function writeLaunchPage(address: string, dir: string): string {
  if (!isWebAddress(address)) throw new Error('The launch page only leads to web addresses (http or https).')
  const file = join(dir, LAUNCH_PAGE_NAME)
  const attribute = escapeHtml(address)
  // JSON is valid JavaScript; "<" is escaped so the address cannot close the script element.
  const script = JSON.stringify(address).replace(/</g, '\\u003c')
  const page = `<!DOCTYPE html>
<html>
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="0;url=${attribute}">
<title>Opening Site Manager…</title>
<script>location.replace(${script})</script>
</head>
<body><p><a href="${attribute}">Open Site Manager</a></p></body>
</html>
`
  rmSync(file, { force: true })
  writeFileSync(file, page, { mode: 0o600, flag: 'wx' })
  return file
}

/** Starts the opener and resolves true once it has launched (it is not waited for). */
function launch(opener: { command: string; args: string[] }, target: string): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(opener.command, [...opener.args, target], { stdio: 'ignore', detached: true })
    child.once('error', () => done(false))
    child.once('spawn', () => {
      child.unref()
      done(true)
    })
  })
}

/**
 * Opens the shell's own address (which holds its token) through a launch page in `dataDir`;
 * without one, in a private folder of its own. False when there is no browser to open it in.
 */
export async function openInBrowser(url: string, dataDir?: string): Promise<boolean> {
  const opener = browserOpener()
  if (opener === null || !isWebAddress(url)) return false
  let page: string
  try {
    page = writeLaunchPage(url, dataDir ?? mkdtempSync(join(tmpdir(), 'site-manager-open-')))
  } catch {
    return false // the caller then prints the address for the person to open
  }
  return launch(opener, page)
}

// Opening addresses in the person's own browser, for the shell's start (the app's address)
// and for the contract's shell:openExternal (links in the app). Only http(s) is ever opened:
// xdg-open and friends would happily run file:, mailto: or custom-scheme handlers.
import { spawn } from 'node:child_process'
import { appError } from '../core/errors'

function isHttpAddress(address: string): boolean {
  try {
    const url = new URL(address)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

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

/** Starts the opener and resolves true once it has launched (it is not waited for). */
function launch(opener: { command: string; args: string[] }, url: string): Promise<boolean> {
  return new Promise((done) => {
    const child = spawn(opener.command, [...opener.args, url], { stdio: 'ignore', detached: true })
    child.once('error', () => done(false))
    child.once('spawn', () => {
      child.unref()
      done(true)
    })
  })
}

/** Opens the shell's own address; false when there is no browser to open it in. */
export async function openInBrowser(url: string): Promise<boolean> {
  const opener = browserOpener()
  return opener !== null && isHttpAddress(url) && launch(opener, url)
}

/** shell:openExternal for core: refuses anything but http(s), and says so when it cannot open. */
export async function openExternal(url: string): Promise<void> {
  if (!isHttpAddress(url)) {
    throw appError({ code: 'invalid_input', message: 'Only web addresses (http or https) can be opened.' })
  }
  const opener = browserOpener()
  if (!opener || !(await launch(opener, url))) {
    throw appError({
      code: 'internal',
      message: `No browser could be opened on this machine. The address is: ${url}`,
    })
  }
}

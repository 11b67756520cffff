// `npm start [-- --demo ...]`: installs and builds what is missing or stale, then opens the
// desktop app. Where Electron cannot start (no binary, as on machines where it cannot be
// downloaded, or no display) it says so in one sentence and runs the web shell instead,
// printing its address.
import { spawn } from 'node:child_process'
import { appRoot } from './lib/app-root.mjs'
import { findElectronBinary, whyElectronCannotStart } from './lib/electron-binary.mjs'
import { BuildFailedError, ensureBuilt } from './lib/ensure-built.mjs'
import { ensureInstalled } from './lib/ensure-installed.mjs'
import { runWebShell } from './web.mjs'

function launchElectron(binary, args) {
  const child = spawn(binary, [appRoot, ...args], { stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

ensureInstalled()
try {
  await ensureBuilt()
} catch (error) {
  if (!(error instanceof BuildFailedError)) throw error
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}

const args = process.argv.slice(2)
const binary = findElectronBinary()
const reason = whyElectronCannotStart({ binary })
if (reason === null) {
  launchElectron(binary, args)
} else {
  process.stdout.write(`Electron cannot start on this machine (${reason}), so Site Manager runs as a web shell in your browser instead.\n`)
  await runWebShell()
}

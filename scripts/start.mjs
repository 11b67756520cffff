// `npm start [-- --demo ...]`: installs the dependencies when node_modules is missing, builds
// what is missing or stale, then opens the desktop app. Where Electron cannot start (no
// binary, as on machines where it cannot be downloaded, no display, or a binary that will not
// run) it says so in one sentence and runs the web shell instead, printing its address.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { appRoot } from './lib/app-root.mjs'
import { findElectronBinary, whyElectronCannotStart } from './lib/electron-binary.mjs'
import { prepareApp } from './lib/prepare-app.mjs'
import { ensureElectronSqlite, SQLITE_BINDING_ENV } from './lib/electron-sqlite.mjs'
import { launchElectron } from './lib/launch-electron.mjs'
import { runWebShell } from './web.mjs'

function runWebShellBecause(reason) {
  process.stdout.write(`Electron cannot start on this machine (${reason}), so Site Manager runs as a web shell in your browser instead.\n`)
  return runWebShell()
}

await prepareApp()

// Tokens live only in the keychain (Secret Service, reached over the D-Bus session bus, which
// GLib also finds at $XDG_RUNTIME_DIR/bus when the variable is unset).
const sessionBus = process.env.DBUS_SESSION_BUS_ADDRESS ||
  (process.env.XDG_RUNTIME_DIR && existsSync(join(process.env.XDG_RUNTIME_DIR, 'bus')))
if (process.platform === 'linux' && !sessionBus) {
  process.stderr.write('There is no system keychain here (no D-Bus session), so remote accounts cannot be saved; the demo workspace works.\n')
}

const args = process.argv.slice(2)
const binary = findElectronBinary()
const reason = whyElectronCannotStart({ binary })
if (reason === null && binary !== null) {
  // The local store's SQLite module must be built for Electron's ABI, not Node's.
  let sqliteBinding = null
  try {
    sqliteBinding = await ensureElectronSqlite()
  } catch (error) {
    await runWebShellBecause(error instanceof Error ? error.message : String(error))
  }
  if (sqliteBinding !== null) {
    launchElectron(binary, [appRoot, ...args], {
      cwd: appRoot,
      env: { ...process.env, [SQLITE_BINDING_ENV]: sqliteBinding },
      onSpawnError: (error) => void runWebShellBecause(`its binary would not run: ${error.message}`),
    })
  }
} else {
  await runWebShellBecause(reason ?? 'its binary is not installed')
}

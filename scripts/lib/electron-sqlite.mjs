// better-sqlite3 is compiled against the ABI of the Node that installed it (it is not an
// N-API module, unlike keytar), so Electron cannot load that build. The tests and the web
// shell need the Node build, so `npm start` does not rebuild it in place: it compiles a
// second copy for the installed Electron into node_modules/.cache/ (it belongs to what is
// installed, and `npm run build` leaves it alone there), once per Electron and
// better-sqlite3 version, and tells the main process where it is through an environment
// variable (src/main/app-paths.ts names the same one). A packaged app is different:
// electron-builder rebuilds native modules for Electron itself.
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { appRoot } from './app-root.mjs'

/** The environment variable the main process reads (SQLITE_BINDING_ENV in src/main/app-paths.ts). */
export const SQLITE_BINDING_ENV = 'SITE_MANAGER_SQLITE_BINDING'

const ELECTRON_HEADERS = 'https://electronjs.org/headers'

function packageDir(root, name) {
  return dirname(createRequire(join(root, 'package.json')).resolve(`${name}/package.json`))
}

function versionOf(dir) {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version
}

/** node-gyp as npm ships it, beside the npm that runs this machine's node. */
export function nodeGypScript(execPath = process.execPath) {
  const candidates = [
    join(dirname(execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
    join(dirname(execPath), 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ]
  return candidates.find((path) => existsSync(path)) ?? null
}

/** Where the Electron build of the module lives, and the command that makes it. */
export function electronSqlitePlan({ root = appRoot, execPath = process.execPath } = {}) {
  const sqliteDir = packageDir(root, 'better-sqlite3')
  const electronVersion = versionOf(packageDir(root, 'electron'))
  const sqliteVersion = versionOf(sqliteDir)
  const outDir = join(root, 'node_modules', '.cache', 'site-manager-native', `electron-${electronVersion}-better-sqlite3-${sqliteVersion}`)
  const gyp = nodeGypScript(execPath)
  return {
    sqliteDir,
    electronVersion,
    outDir,
    binding: join(outDir, 'better_sqlite3.node'),
    buildDir: join(outDir, 'source'),
    command: gyp === null
      ? null
      : [execPath, gyp, 'rebuild', '--release', '--runtime=electron', `--target=${electronVersion}`, `--dist-url=${ELECTRON_HEADERS}`],
  }
}

const run = promisify(execFile)

/**
 * The path of a better-sqlite3 build for the installed Electron, compiling it first when it
 * is not there yet (about a minute; Electron's headers are downloaded once). Throws with a
 * sentence when it cannot be built.
 */
export async function ensureElectronSqlite({ root = appRoot, log = (line) => process.stderr.write(`${line}\n`), exec = run } = {}) {
  const plan = electronSqlitePlan({ root })
  if (existsSync(plan.binding)) return plan.binding
  if (plan.command === null) throw new Error("npm's node-gyp was not found, so the SQLite module cannot be built for Electron")
  log(`Building the SQLite module for Electron ${plan.electronVersion} (once; about a minute)...`)
  rmSync(plan.buildDir, { recursive: true, force: true })
  mkdirSync(plan.outDir, { recursive: true })
  // A copy without its Node build, so the Node build in node_modules stays as it is.
  cpSync(plan.sqliteDir, plan.buildDir, { recursive: true, filter: (source) => !source.startsWith(join(plan.sqliteDir, 'build')) })
  const [command, ...args] = plan.command
  try {
    await exec(command, args, { cwd: plan.buildDir, maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    throw new Error(`the SQLite module could not be built for Electron ${plan.electronVersion}: ${firstLine(error)}`, { cause: error })
  }
  cpSync(join(plan.buildDir, 'build', 'Release', 'better_sqlite3.node'), plan.binding)
  rmSync(plan.buildDir, { recursive: true, force: true })
  writeFileSync(join(plan.outDir, 'built-for.txt'), `electron ${plan.electronVersion}\n`)
  return plan.binding
}

function firstLine(error) {
  const text = String(error?.stderr || error?.message || error)
  return text.split('\n').map((line) => line.trim()).find((line) => line.length > 0) ?? 'unknown error'
}

// The rooms of DESIGN.md as data, and the lint settings made from them: which room each file of
// src/ is in, what it may import (eslint-plugin-boundaries) and what its environment lets it
// use (globals, electron's modules). eslint.config.js states the graph; this file turns it into
// rules. test/unit/lint/boundaries.test.ts proves each one.
import boundaries from 'eslint-plugin-boundaries'
import globals from 'globals'
import {
  DOM_ONLY_GLOBALS,
  DOM_PACKAGES,
  ELECTRON_MAIN_MODULES,
  ELECTRON_RENDERER_MODULES,
  NODE_ONLY_GLOBALS,
  NODE_PACKAGES,
  STANDARD_PACKAGES,
} from './environments.js'

/**
 * What each environment lets a file use. `nodeBuiltIns`: node:fs and the rest; `packages`:
 * the npm packages it may import; `refusedGlobals`: globals that do not exist there;
 * `globals`: those added to the Node ones every file starts with (for no-undef in .vue files).
 */
const ENVIRONMENTS = {
  // Runs in every process: the contract, the wire format.
  everywhere: {
    nodeBuiltIns: false,
    packages: STANDARD_PACKAGES,
    refusedGlobals: [...NODE_ONLY_GLOBALS, ...DOM_ONLY_GLOBALS],
    why: 'it runs in every process, so it uses neither Node nor a page',
  },
  node: {
    nodeBuiltIns: true,
    packages: [...STANDARD_PACKAGES, ...NODE_PACKAGES],
    refusedGlobals: DOM_ONLY_GLOBALS,
    why: 'it runs in Node, where there is no page',
  },
  'electron-main': {
    nodeBuiltIns: true,
    packages: [...STANDARD_PACKAGES, ...NODE_PACKAGES, 'electron'],
    refusedGlobals: DOM_ONLY_GLOBALS,
    why: "it runs in Electron's main process, where there is no page",
  },
  // contextIsolation + sandbox: a page with electron's renderer modules and no Node.
  'electron-preload': {
    nodeBuiltIns: false,
    packages: ['electron'],
    refusedGlobals: NODE_ONLY_GLOBALS,
    globals: globals.browser,
    why: 'it runs sandboxed, without Node',
  },
  page: {
    nodeBuiltIns: false,
    packages: [...STANDARD_PACKAGES, ...DOM_PACKAGES],
    refusedGlobals: NODE_ONLY_GLOBALS,
    globals: globals.browser,
    why: 'it runs in a browser page, without Node',
  },
}

/**
 * Builds the lint config for `rooms`: one boundaries/dependencies rule for all of src/ and, per
 * room, the globals and electron modules its environment refuses.
 * @param {Array<{ room: string, files: string, environment: keyof typeof ENVIRONMENTS,
 *   mayImport: string[], packages?: string[], alsoFrom?: Record<string, string[]>, why: string }>} rooms
 *   `mayImport`: the rooms below it; `packages`: fewer packages than its environment allows;
 *   `alsoFrom`: more rooms a folder inside it may import.
 */
export function roomConfigs(rooms) {
  const folderRooms = rooms.filter((room) => !isFile(room.files))
  const fileRooms = rooms.filter((room) => isFile(room.files))
  return [
    {
      files: ['src/**/*.{ts,vue}'],
      plugins: { boundaries },
      settings: {
        // A folder room is an element; a nested one is listed first, since a file belongs to
        // the first element that holds it.
        'boundaries/elements': folderRooms.map(({ room, files }) => ({ type: room, pattern: files, partialMatch: false })),
        // A one-file room, and a folder allowed more than its room, are files of an element.
        'boundaries/files': [
          ...fileRooms.map(({ room, files }) => ({ category: room, pattern: files })),
          ...rooms.flatMap(({ alsoFrom = {} }) => Object.keys(alsoFrom).map((folder) => ({ category: folder, pattern: `${folder}/**` }))),
        ],
        'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
        'import/resolver': { node: { extensions: ['.ts', '.d.ts', '.vue', '.js', '.mjs', '.json'] } },
      },
      rules: {
        'boundaries/dependencies': [
          'error',
          {
            default: 'disallow',
            // Packages and Node built-ins are checked too; imports inside a room as well (a
            // one-file room lives inside another); an import lint cannot place is refused.
            checkAllOrigins: true,
            checkInternals: true,
            checkUnknownLocals: true,
            // The last policy that matches wins, so a one-file room's come after its folder's.
            policies: [...folderRooms, ...fileRooms].flatMap((room) => importPolicies(room, rooms)),
          },
        ],
      },
    },
    ...rooms.map((room) => environmentConfig(room, rooms)),
  ]
}

function isFile(path) {
  return /\.[a-z]+$/.test(path)
}

/** The boundaries selector of a room: its element, or for a one-file room its file. */
function selectorOf(name, rooms) {
  const room = rooms.find((candidate) => candidate.room === name)
  if (!room) throw new Error(`eslint.config.js names an unknown room: ${name}`)
  if (!isFile(room.files)) return { element: { type: name } }
  const folder = rooms.find((candidate) => !isFile(candidate.files) && room.files.startsWith(`${candidate.files}/`))
  return { element: { type: folder.room }, file: { categories: name } }
}

/** The room's refusal first, then what it may import: the last policy that matches wins. */
function importPolicies({ room, files, environment, mayImport, packages, alsoFrom = {}, why }, rooms) {
  const env = ENVIRONMENTS[environment]
  const from = selectorOf(room, rooms)
  const allowed = [
    ...(isFile(files) ? [] : [{ to: from }]),
    ...mayImport.map((name) => ({ to: selectorOf(name, rooms) })),
    ...(env.nodeBuiltIns ? [{ to: { module: { origin: 'core' } } }] : []),
    { to: { module: { origin: 'external', source: packages ?? env.packages } } },
  ]
  return [
    {
      from,
      disallow: [{ to: { element: { isUnknown: true } } }, { to: { element: { type: '*' } } }, { to: { module: { origin: '*' } } }],
      message: `${files} may not import '{{dependency.source}}': ${why} (DESIGN.md, the rooms).`,
    },
    { from, allow: allowed },
    ...Object.entries(alsoFrom).map(([folder, names]) => ({
      from: { ...from, file: { categories: folder } },
      allow: names.map((name) => ({ to: selectorOf(name, rooms) })),
    })),
  ]
}

/** What the room's environment refuses: globals that are not there, electron's other side. */
function environmentConfig({ files, environment }, rooms) {
  const env = ENVIRONMENTS[environment]
  const message = `${files} may not use it: ${env.why} (DESIGN.md, the rooms).`
  const electronOtherSide = {
    'electron-main': {
      names: ELECTRON_RENDERER_MODULES,
      message: "src/main may not import electron's renderer modules: they belong to the preload (DESIGN.md, the rooms).",
    },
    'electron-preload': {
      names: ELECTRON_MAIN_MODULES,
      message: "src/preload may not import electron's main-process modules: it runs in the window's sandbox (DESIGN.md, the rooms).",
    },
  }[environment]
  // A room nested in this one (web/browser in web) has its own environment.
  const nested = rooms.filter((other) => other.files.startsWith(`${files}/`))
  return {
    files: [`${files}/**/*.{ts,vue}`, files],
    ignores: nested.flatMap((other) => [`${other.files}/**`, other.files]),
    ...(env.globals && { languageOptions: { globals: env.globals } }),
    rules: {
      'no-restricted-globals': ['error', ...env.refusedGlobals.map((name) => ({ name, message }))],
      ...(electronOtherSide && {
        'no-restricted-imports': [
          'error',
          { paths: [{ name: 'electron', importNames: electronOtherSide.names, message: electronOtherSide.message }] },
        ],
      }),
    },
  }
}

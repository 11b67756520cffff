// Turns the rooms of eslint.config.js (DESIGN.md's graph, as data) into lint rules: which room
// each file of src/ is in, what it may import (eslint-plugin-boundaries) and what its
// environment lets it use (globals, electron's modules). test/unit/lint/boundaries.test.ts
// proves each rule.
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
 * Builds the lint config for `rooms`: the rooms as eslint-plugin-boundaries elements, then one
 * config per room with what it may import and what its environment refuses. (One policy per
 * room, not the whole graph for every file: matching policies is most of this rule's time.)
 * @param {Array<{ room: string, files: string, environment: keyof typeof ENVIRONMENTS,
 *   mayImport: string[], packages?: string[], alsoFrom?: Record<string, string[]>, why: string }>} rooms
 *   `files`: the room's folder or one file; `mayImport`: the rooms below it; `packages`: fewer
 *   packages than its environment allows; `alsoFrom`: more rooms a folder inside it may import.
 */
export function roomConfigs(rooms) {
  return [
    {
      files: ['src/**/*.{ts,vue}'],
      plugins: { boundaries },
      settings: {
        // A folder room is an element; a nested one is listed first, since a file belongs to
        // the first element that holds it.
        'boundaries/elements': rooms
          .filter((room) => !isFile(room.files))
          .map(({ room, files }) => ({ type: room, pattern: files, partialMatch: false })),
        // A one-file room is a file of the element around it.
        'boundaries/files': rooms
          .filter((room) => isFile(room.files))
          .map(({ room, files }) => ({ category: room, pattern: files })),
        'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
        'import/resolver': { node: { extensions: ['.ts', '.d.ts', '.vue', '.js', '.mjs', '.json'] } },
      },
    },
    ...rooms.flatMap((room) => [
      roomConfig(room, rooms),
      ...Object.entries(room.alsoFrom ?? {}).map(([folder, more]) => ({
        files: [`${folder}/**/*.{ts,vue}`],
        rules: { 'boundaries/dependencies': importRule(room, rooms, more) },
      })),
    ]),
    // A file outside every room would be checked by none of the rules above.
    {
      files: ['src/**/*.{ts,vue}'],
      ignores: rooms.flatMap(({ files }) => [`${files}/**`, files]),
      rules: {
        'no-restricted-syntax': [
          'error',
          { selector: 'Program', message: 'This file is in no room of DESIGN.md: put it in one, or add its room to ROOMS in eslint.config.js.' },
        ],
      },
    },
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

/** What the room may import (its own files, the rooms below it, its environment's packages); nothing else. */
function importRule({ room, files, environment, mayImport, packages, why }, rooms, more = []) {
  const env = ENVIRONMENTS[environment]
  const allowed = [
    // A one-file room has no files of its own, and the room around it is not below it.
    ...(isFile(files) ? [] : [{ to: selectorOf(room, rooms) }]),
    ...[...mayImport, ...more].map((name) => ({ to: selectorOf(name, rooms) })),
    ...(env.nodeBuiltIns ? [{ to: { module: { origin: 'core' } } }] : []),
    { to: { module: { origin: 'external', source: packages ?? env.packages } } },
  ]
  return [
    'error',
    {
      default: 'disallow',
      message: `${files} may not import '{{dependency.source}}': ${why} (DESIGN.md, the rooms).`,
      // Packages and Node built-ins are checked too; imports inside a room as well (a
      // one-file room lives inside another); an import lint cannot place is refused.
      checkAllOrigins: true,
      checkInternals: true,
      checkUnknownLocals: true,
      policies: [{ allow: allowed }],
    },
  ]
}

/** One room's rules: its imports, and what its environment refuses (absent globals, electron's other side). */
function roomConfig(room, rooms) {
  const { files, environment } = room
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
  // A room nested in this one (web/browser in web) has its own rules.
  const nested = rooms.filter((other) => other.files.startsWith(`${files}/`))
  return {
    files: [`${files}/**/*.{ts,vue}`, files],
    ignores: nested.flatMap((other) => [`${other.files}/**`, other.files]),
    ...(env.globals && { languageOptions: { globals: env.globals } }),
    rules: {
      'boundaries/dependencies': importRule(room, rooms),
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

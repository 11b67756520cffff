// Proves the rooms of eslint.config.js (DESIGN.md, "The rooms"): each rule refuses a wrong
// import or a use its environment lacks, with its plain message, and lets the right one
// through. The snippets are linted as if they were at the given paths.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })
const ROOM_RULES = new Set(['boundaries/dependencies', 'no-restricted-imports', 'no-restricted-globals', 'no-restricted-syntax'])

async function roomMessages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && ROOM_RULES.has(m.ruleId)).map((m) => m.message)
}

/**
 * Lint refuses an import it cannot place in a room, so a refused import of a file that has
 * since moved would prove nothing: each local import a case names must be a real file.
 */
function localImportsMissing(file: string, code: string): string[] {
  const sources = [...code.matchAll(/(?:from |import\(|require\()'(\.[^']*)'/g)].map((match) => match[1] ?? '')
  return sources.filter((source) => {
    const base = join(dirname(file), source)
    return !['', '.ts', '.vue', '/index.ts'].some((ending) => existsSync(`${base}${ending}`))
  })
}

const use = (name: string) => `import { ${name} } from`
type Case = [file: string, code: string, message: string]

// [file, code, the message lint must give]
const refusedImports: Case[] = [
  // shared: zod and nothing of the project; runs everywhere.
  ['src/shared/x.ts', `${use('readFile')} 'node:fs'\nvoid readFile\n`, "src/shared may not import 'node:fs'"],
  ['src/shared/x.ts', `${use('join')} 'path'\nvoid join\n`, "src/shared may not import 'path'"],
  ['src/shared/x.ts', `${use('createCore')} '../core'\nvoid createCore\n`, "src/shared may not import '../core'"],
  ['src/shared/x.ts', `${use('ref')} 'vue'\nvoid ref\n`, "src/shared may not import 'vue'"],
  ['src/shared/x.ts', "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const e = require('electron')\n", "src/shared may not import 'electron'"],
  // node-utils: a leaf under core and the reference server.
  ['src/node-utils/x.ts', `${use('createCore')} '../core'\nvoid createCore\n`, "src/node-utils may not import '../core'"],
  // reference-server: never core (the cycle core/demo -> reference-server -> core), never a shell.
  ['src/reference-server/x.ts', `${use('createCore')} '../core'\nvoid createCore\n`, "src/reference-server may not import '../core'"],
  ['src/reference-server/x.ts', "export const load = () => import('../main')\n", "src/reference-server may not import '../main'"],
  // core: the reference server from core/demo only; never a shell, the renderer or electron.
  ['src/core/x.ts', `${use('startReferenceServer')} '../reference-server'\nvoid startReferenceServer\n`, "src/core may not import '../reference-server'"],
  ['src/core/accounts/x.ts', "export const load = () => import('../../reference-server')\n", "src/core may not import '../../reference-server'"],
  ['src/core/x.ts', `${use('x')} '../main'\nvoid x\n`, "src/core may not import '../main'"],
  ['src/core/x.ts', "export * from '../web/server'\n", "src/core may not import '../web/server'"],
  ['src/core/x.ts', "export const load = () => import('../web/server')\n", "src/core may not import '../web/server'"],
  ['src/core/x.ts', `${use('x')} '../renderer/src/lib/api'\nvoid x\n`, "src/core may not import '../renderer/src/lib/api'"],
  ['src/core/x.ts', `${use('app')} 'electron'\nvoid app\n`, "src/core may not import 'electron'"],
  ['src/core/x.ts', "export const load = () => import('electron')\n", "src/core may not import 'electron'"],
  ['src/core/x.ts', `${use('ref')} 'vue'\nvoid ref\n`, "src/core may not import 'vue'"],
  // A package no environment lists, and a local import lint cannot place, are refused too.
  ['src/core/x.ts', "import leftPad from 'left-pad'\nvoid leftPad\n", "src/core may not import 'left-pad'"],
  // web/protocol.ts: shared only; both ends of the socket read it.
  ['src/web/protocol.ts', `${use('x')} './server'\nvoid x\n`, "src/web/protocol.ts may not import './server'"],
  ['src/web/protocol.ts', `${use('readFile')} 'node:fs'\nvoid readFile\n`, "src/web/protocol.ts may not import 'node:fs'"],
  // web/browser: shared and web/protocol.ts; a page, so no Node and no core.
  ['src/web/browser/x.ts', `${use('readFile')} 'node:fs'\nvoid readFile\n`, "src/web/browser may not import 'node:fs'"],
  ['src/web/browser/x.ts', `${use('createCore')} '../../core'\nvoid createCore\n`, "src/web/browser may not import '../../core'"],
  ['src/web/browser/x.ts', `${use('x')} '../server'\nvoid x\n`, "src/web/browser may not import '../server'"],
  // web (the server): never the browser bundle, the other shell, the renderer or electron.
  ['src/web/x.ts', `${use('x')} './browser/bridge'\nvoid x\n`, "src/web may not import './browser/bridge'"],
  ['src/web/x.ts', `${use('x')} '../main'\nvoid x\n`, "src/web may not import '../main'"],
  ['src/web/x.ts', `${use('app')} 'electron'\nvoid app\n`, "src/web may not import 'electron'"],
  ['src/web/x.ts', "export const load = () => import('../renderer/src/lib/api')\n", "src/web may not import '../renderer/src/lib/api'"],
  // main: never the web shell, the preload or the renderer.
  ['src/main/x.ts', `${use('x')} '../web/server'\nvoid x\n`, "src/main may not import '../web/server'"],
  ['src/main/x.ts', `${use('x')} '../preload'\nvoid x\n`, "src/main may not import '../preload'"],
  ['src/main/x.ts', `${use('x')} '../renderer/src/lib/api'\nvoid x\n`, "src/main may not import '../renderer/src/lib/api'"],
  // preload: shared and electron only.
  ['src/preload/x.ts', `${use('createCore')} '../core'\nvoid createCore\n`, "src/preload may not import '../core'"],
  ['src/preload/x.ts', "export const load = () => import('../core')\n", "src/preload may not import '../core'"],
  ['src/preload/x.ts', `${use('readFile')} 'node:fs'\nvoid readFile\n`, "src/preload may not import 'node:fs'"],
  ['src/preload/x.ts', `${use('x')} '../main'\nvoid x\n`, "src/preload may not import '../main'"],
  // renderer: shared only; a page.
  ['src/renderer/src/x.ts', `${use('readFile')} 'node:fs'\nvoid readFile\n`, "src/renderer may not import 'node:fs'"],
  ['src/renderer/src/x.ts', `${use('createCore')} '../../core'\nvoid createCore\n`, "src/renderer may not import '../../core'"],
  ['src/renderer/src/x.ts', "export const load = () => import('../../core')\n", "src/renderer may not import '../../core'"],
  ['src/renderer/src/x.ts', "export const load = () => import('node:fs')\n", "src/renderer may not import 'node:fs'"],
  ['src/renderer/src/x.ts', `${use('ipcRenderer')} 'electron'\nvoid ipcRenderer\n`, "src/renderer may not import 'electron'"],
  ['src/renderer/src/x.ts', `${use('x')} '../../web/browser/bridge'\nvoid x\n`, "src/renderer may not import '../../web/browser/bridge'"],
  ['src/renderer/src/x.ts', `${use('x')} '../../preload'\nvoid x\n`, "src/renderer may not import '../../preload'"],
  ['src/renderer/src/X.vue', `<script setup lang="ts">\n${use('createCore')} '../../core'\n</script>\n<template><p>{{ createCore }}</p></template>\n`, "src/renderer may not import '../../core'"],
  // Electron's modules by process.
  ['src/main/x.ts', `${use('ipcRenderer')} 'electron'\nvoid ipcRenderer\n`, "src/main may not import electron's renderer modules"],
  ['src/main/x.ts', `${use('contextBridge')} 'electron'\nvoid contextBridge\n`, "src/main may not import electron's renderer modules"],
  ['src/preload/x.ts', `${use('BrowserWindow')} 'electron'\nvoid BrowserWindow\n`, "src/preload may not import electron's main-process modules"],
  ['src/preload/x.ts', `${use('ipcMain')} 'electron'\nvoid ipcMain\n`, "src/preload may not import electron's main-process modules"],
]

// A file's environment is checked by what it uses, not only by what it imports.
const refusedGlobals: Case[] = [
  ['src/shared/x.ts', 'export const platform = process.platform\n', "Unexpected use of 'process'. src/shared may not use it"],
  ['src/shared/x.ts', "export const bytes = Buffer.from('x')\n", "Unexpected use of 'Buffer'. src/shared may not use it"],
  ['src/shared/x.ts', 'export const here = __dirname\n', "Unexpected use of '__dirname'. src/shared may not use it"],
  ['src/shared/x.ts', 'export const width = window.innerWidth\n', "Unexpected use of 'window'. src/shared may not use it"],
  ['src/web/protocol.ts', "export const bytes = Buffer.from('x')\n", "Unexpected use of 'Buffer'. src/web/protocol.ts may not use it"],
  ['src/web/protocol.ts', 'export const title = document.title\n', "Unexpected use of 'document'. src/web/protocol.ts may not use it"],
  ['src/core/x.ts', 'export const title = document.title\n', "Unexpected use of 'document'. src/core may not use it"],
  ['src/core/x.ts', "export const saved = localStorage.getItem('x')\n", "Unexpected use of 'localStorage'. src/core may not use it"],
  ['src/node-utils/x.ts', 'export const width = window.innerWidth\n', "Unexpected use of 'window'. src/node-utils may not use it"],
  ['src/reference-server/x.ts', 'export const agent = navigator.userAgent\n', "Unexpected use of 'navigator'. src/reference-server may not use it"],
  ['src/web/x.ts', 'export const width = window.innerWidth\n', "Unexpected use of 'window'. src/web may not use it"],
  ['src/main/x.ts', 'export const title = document.title\n', "Unexpected use of 'document'. src/main may not use it"],
  ['src/web/browser/x.ts', 'export const env = process.env\n', "Unexpected use of 'process'. src/web/browser may not use it"],
  ['src/preload/x.ts', 'export const platform = process.platform\n', "Unexpected use of 'process'. src/preload may not use it"],
  ['src/preload/x.ts', "// eslint-disable-next-line @typescript-eslint/no-require-imports\nexport const fs = require('fs')\n", "Unexpected use of 'require'. src/preload may not use it"],
  ['src/renderer/src/x.ts', "export const bytes = Buffer.from('x')\n", "Unexpected use of 'Buffer'. src/renderer may not use it"],
  ['src/renderer/src/X.vue', '<script setup lang="ts">\nconst env = process.env\n</script>\n<template><p>{{ env }}</p></template>\n', "Unexpected use of 'process'. src/renderer may not use it"],
]

const allowed: Array<[file: string, code: string]> = [
  ['src/shared/x.ts', `${use('z')} 'zod'\n${use('REQUEST_CHANNELS')} './channels'\nvoid z\nvoid REQUEST_CHANNELS\n`],
  ['src/node-utils/x.ts', `${use('readFile')} 'node:fs'\n${use('REQUEST_CHANNELS')} '../shared'\nvoid readFile\nvoid REQUEST_CHANNELS\nexport const pid = process.pid\n`],
  ['src/reference-server/x.ts', `${use('writeFileAtomic')} '../node-utils/atomic-write'\n${use('createServer')} 'node:http'\n${use('REQUEST_CHANNELS')} '../shared'\nvoid writeFileAtomic\nvoid createServer\nvoid REQUEST_CHANNELS\n`],
  ['src/core/x.ts', `${use('writeFileAtomic')} '../node-utils/atomic-write'\nimport Database from 'better-sqlite3'\n${use('REQUEST_CHANNELS')} '../shared'\nvoid writeFileAtomic\nvoid Database\nvoid REQUEST_CHANNELS\n`],
  ['src/core/x.ts', "export const load = () => import('keytar')\n"],
  ['src/core/demo/x.ts', `${use('startReferenceServer')} '../../reference-server'\nvoid startReferenceServer\n`],
  ['src/web/protocol.ts', `${use('REQUEST_CHANNELS')} '../shared'\n${use('z')} 'zod'\nvoid REQUEST_CHANNELS\nvoid z\n`],
  ['src/web/browser/x.ts', `${use('REQUEST_CHANNELS')} '../../shared'\n${use('SOCKET_PATH')} '../protocol'\nvoid REQUEST_CHANNELS\nvoid SOCKET_PATH\nexport const title = document.title\n`],
  ['src/web/x.ts', `${use('createCore')} '../core'\n${use('SOCKET_PATH')} './protocol'\n${use('writeFileAtomic')} '../node-utils/atomic-write'\n${use('WebSocketServer')} 'ws'\nvoid createCore\nvoid SOCKET_PATH\nvoid writeFileAtomic\nvoid WebSocketServer\n`],
  ['src/main/x.ts', `${use('app')} 'electron'\n${use('createCore')} '../core'\n${use('writeFileAtomic')} '../node-utils/atomic-write'\nvoid app\nvoid createCore\nvoid writeFileAtomic\n`],
  ['src/main/x.ts', "export const load = () => import('electron')\n"],
  ['src/preload/x.ts', `${use('contextBridge')} 'electron'\n${use('ipcRenderer')} 'electron'\n${use('REQUEST_CHANNELS')} '../shared'\nvoid contextBridge\nvoid ipcRenderer\nvoid REQUEST_CHANNELS\n`],
  ['src/renderer/src/x.ts', `${use('ref')} 'vue'\n${use('defineStore')} 'pinia'\n${use('REQUEST_CHANNELS')} '../../shared'\nvoid ref\nvoid defineStore\nvoid REQUEST_CHANNELS\n`],
  ['src/renderer/src/x.ts', "export const load = () => import('./views/SitesView.vue')\n"],
  ['src/renderer/src/X.vue', '<script setup lang="ts">\nconst title = document.title\nconst width = window.innerWidth\n</script>\n<template><p>{{ title }}{{ width }}</p></template>\n'],
]

describe('lint: the rooms', () => {
  it.each([...refusedImports, ...refusedGlobals])('refuses in %s: %s', async (file, code, message) => {
    expect(localImportsMissing(file, code)).toEqual([])
    expect(await roomMessages(file, code)).toContainEqual(expect.stringContaining(message))
  })

  it('refuses a local import it cannot place in a room', async () => {
    const messages = await roomMessages('src/core/x.ts', "import { x } from './no-such-file'\nvoid x\n")
    expect(messages).toContainEqual(expect.stringContaining("src/core may not import './no-such-file'"))
  })

  it('refuses a file of src/ that is in no room', async () => {
    const messages = await roomMessages('src/stray/x.ts', 'export const x = 1\n')
    expect(messages).toEqual([expect.stringContaining('This file is in no room of DESIGN.md')])
  })

  it('names DESIGN.md in every refusal', async () => {
    const messages = await roomMessages('src/shared/x.ts', `${use('readFile')} 'node:fs'\nvoid readFile\nexport const w = window.name\n`)
    expect(messages).toHaveLength(2)
    for (const message of messages) expect(message).toContain('(DESIGN.md, the rooms)')
  })

  it.each(allowed)('allows a right import in %s: %s', async (file, code) => {
    expect(localImportsMissing(file, code)).toEqual([])
    expect(await roomMessages(file, code)).toEqual([])
  })
})

interface Room {
  room: string
  files: string
  mayImport: string[]
  alsoFrom?: Record<string, string[]>
}

describe("lint: DESIGN.md's table of rooms", () => {
  /** Each row of the table: the room's path under src/ and the rooms of the project it may import. */
  function designTable(): Map<string, string[]> {
    const rows = readFileSync('DESIGN.md', 'utf8').matchAll(/^\| ([a-z/.-]+)(?: \(server\))? \| (.+) \|$/gm)
    return new Map(
      [...rows]
        .filter(([, room]) => room !== 'room')
        .map(([, room = '', mayImport = '']) => [room, mayImport.split(/[,;] /).map((item) => item.split(' ')[0] ?? '')]),
    )
  }

  it('says what eslint.config.js enforces', async () => {
    // A computed address: the config is JavaScript that TypeScript does not type.
    const configUrl = pathToFileURL(resolve('eslint.config.js')).href
    const { ROOMS } = (await import(configUrl)) as { ROOMS: Room[] }
    const pathOf = (name: string) => ROOMS.find((room) => room.room === name)?.files.replace(/^src\//, '') ?? name
    const table = designTable()
    const roomPaths = new Set(ROOMS.map((room) => pathOf(room.room)))

    expect([...table.keys()].sort()).toEqual([...roomPaths].sort())
    for (const room of ROOMS) {
      const path = pathOf(room.room)
      if (!table.has(path)) continue
      const enforced = [...room.mayImport, ...Object.values(room.alsoFrom ?? {}).flat()].map(pathOf).sort()
      const written = (table.get(path) ?? []).filter((name) => roomPaths.has(name)).sort()
      expect({ room: path, mayImport: written }).toEqual({ room: path, mayImport: enforced })
    }
  })
})

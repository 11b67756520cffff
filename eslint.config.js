// Flat config. Besides the usual rules it keeps the rooms of DESIGN.md apart, so the
// architecture cannot drift: see test/unit/lint/boundaries.test.ts for the proof.
//
// The import graph, lowest room first; each may import only what its line names:
//   shared            zod; nothing of the project. Runs everywhere: no Node, no DOM
//   node-utils        shared; Node
//   reference-server  shared, node-utils; Node
//   core              shared, node-utils; Node; the reference server from core/demo only
//   web/protocol.ts   shared. Both ends of the web shell's socket: no Node, no DOM
//   web/browser       shared, web/protocol.ts; DOM
//   web (the server)  shared, core, node-utils, web/protocol.ts; Node
//   main              shared, core, node-utils, electron; Node
//   preload           shared, electron (its renderer modules); sandboxed: no Node
//   renderer          shared; DOM
//   test/, bench/, scripts/: anything
// A file's environment is checked by what it uses too: its globals, packages and electron
// modules must exist where its room runs (eslint-rules/environments.js lists them).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import { house } from './eslint-rules/house-checks.js'
import { layerConfigs } from './eslint-rules/layers.js'
import { roomConfigs } from './eslint-rules/rooms.js'

// The graph above as data; DESIGN.md's table must say the same (the lint test compares them).
// `files` is the room's folder (or file) from the project root; a nested room is listed before
// the room around it, since a file belongs to the first that holds it.
export const ROOMS = [
  { room: 'shared', files: 'src/shared', environment: 'everywhere', mayImport: [], packages: ['zod'], why: 'it is the contract every process shares, so it imports only zod and nothing of the project' },
  { room: 'node-utils', files: 'src/node-utils', environment: 'node', mayImport: ['shared'], why: 'it is the leaf core and the reference server stand on, so it imports only src/shared, Node and Node packages' },
  { room: 'reference-server', files: 'src/reference-server', environment: 'node', mayImport: ['shared', 'node-utils'], why: 'the reference server stands apart from the app it serves, so it imports only src/shared, src/node-utils, Node and Node packages' },
  {
    room: 'core',
    files: 'src/core',
    environment: 'node',
    mayImport: ['shared', 'node-utils'],
    alsoFrom: { 'src/core/demo': ['reference-server'] },
    why: 'core is plain Node below the shells, so it imports only src/shared, src/node-utils, Node and Node packages (and the reference server from src/core/demo only)',
  },
  { room: 'web-protocol', files: 'src/web/protocol.ts', environment: 'everywhere', mayImport: ['shared'], why: "it is the wire format both ends of the web shell's socket read, so it imports only src/shared and packages that run anywhere" },
  { room: 'web-browser', files: 'src/web/browser', environment: 'page', mayImport: ['shared', 'web-protocol'], why: 'it runs in the page and reaches core only over the socket, so it imports only src/shared, src/web/protocol.ts and page packages' },
  { room: 'web', files: 'src/web', environment: 'node', mayImport: ['shared', 'core', 'node-utils', 'web-protocol'], why: 'the web shell serves core and the built page as files, so it imports only src/shared, src/core, src/node-utils, src/web/protocol.ts, Node and Node packages' },
  { room: 'main', files: 'src/main', environment: 'electron-main', mayImport: ['shared', 'core', 'node-utils'], why: 'the Electron shell imports only src/shared, src/core, src/node-utils, electron, Node and Node packages' },
  { room: 'preload', files: 'src/preload', environment: 'electron-preload', mayImport: ['shared'], why: 'the sandboxed preload imports only src/shared and electron' },
  { room: 'renderer', files: 'src/renderer', environment: 'page', mayImport: ['shared'], why: 'the renderer imports only src/shared, its own files and page packages, and reaches the rest through window.api' },
]

// Layers inside the rooms, lowest first: each folder imports only those before it; in the
// renderer only stores/ call core (useApi), with no file left out.
export const LAYERS = [
  { room: 'core', base: 'src/core', order: ['api', 'store', 'sync', 'channels'] },
  {
    room: 'renderer',
    base: 'src/renderer/src',
    order: ['lib', 'stores', 'composables', 'components', 'views'],
    coreGateway: 'lib/api',
    coreCallers: 'stores',
  },
]

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
    },
  },
  ...roomConfigs(ROOMS),
  ...layerConfigs(LAYERS),
  // Every Pinia setup store returns all its state, so devtools and $reset see it.
  {
    files: ['src/renderer/src/stores/**/*.ts'],
    plugins: { house },
    rules: { 'house/setup-store-returns-state': 'error' },
  },
  // The house's checks on test code (eslint-rules/house-checks.js): no sleeps, no empty presence checks.
  {
    files: ['test/**/*.{ts,mts,js,mjs}'],
    plugins: { house },
    rules: { 'house/no-long-sleeps': 'error', 'house/no-empty-presence-checks': 'error' },
  },
  // Tests may import anything they test.
  {
    files: ['test/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
)

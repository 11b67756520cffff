// Flat config. Besides the usual rules it keeps the rooms of DESIGN.md apart, so the
// architecture cannot drift: see test/unit/lint/boundaries.test.ts for the proof.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'

const electronOnlyInShell = {
  name: 'electron',
  message: 'Only src/main and src/preload may import electron (DESIGN.md, the rooms).',
}
const noRendererImports = {
  group: ['**/renderer', '**/renderer/**'],
  message: 'Nothing imports the renderer: it talks to the rest only through window.api.',
}

// no-restricted-imports sees only static imports; these catch import('…') and require('…')
// of the same places, so a room cannot be entered through a side door.
function noDynamicImportOf(names, message) {
  const source = `/(^|\\/)(${names.join('|')})(\\/|$)/`
  return [
    { selector: `ImportExpression[source.value=${source}]`, message },
    { selector: `CallExpression[callee.name='require'][arguments.0.value=${source}]`, message },
  ]
}
const dynamicElectron = noDynamicImportOf(['electron'], electronOnlyInShell.message)
const dynamicRenderer = noDynamicImportOf(['renderer'], noRendererImports.message)

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
  // Everything outside the Electron shell: no electron, no renderer.
  {
    files: ['src/**/*.{ts,vue}'],
    ignores: ['src/main/**', 'src/preload/**', 'src/renderer/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInShell], patterns: [noRendererImports] }],
      'no-restricted-syntax': ['error', ...dynamicElectron, ...dynamicRenderer],
    },
  },
  // The Electron shell may import electron but never the renderer, and only the preload may
  // touch ipcRenderer.
  {
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcRenderer'],
              message: 'Raw ipcRenderer belongs to the preload only.',
            },
          ],
          patterns: [noRendererImports],
        },
      ],
      'no-restricted-syntax': ['error', ...dynamicRenderer],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noRendererImports,
            { group: ['**/core', '**/core/**', '**/main/**', '**/web/**'], message: 'The preload knows only shared/ and electron.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...dynamicRenderer,
        ...noDynamicImportOf(['core', 'main', 'web'], 'The preload knows only shared/ and electron.'),
      ],
    },
  },
  // The renderer knows only src/shared and its own files: no electron, no node, no core.
  {
    files: ['src/renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [
            {
              group: ['**/core', '**/core/**', '**/main', '**/main/**', '**/preload', '**/preload/**', '**/web', '**/web/**', '**/reference-server', '**/reference-server/**'],
              message: 'The renderer imports only src/shared and its own files; it reaches the rest through window.api.',
            },
            { group: ['node:*'], message: 'The renderer runs in a browser sandbox: no Node modules.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...dynamicElectron,
        ...noDynamicImportOf(
          ['core', 'main', 'preload', 'web', 'reference-server'],
          'The renderer imports only src/shared and its own files; it reaches the rest through window.api.',
        ),
        {
          selector: 'ImportExpression[source.value=/^node:/]',
          message: 'The renderer runs in a browser sandbox: no Node modules.',
        },
      ],
    },
  },
  // Core must stay plain Node: no shells, no renderer.
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInShell],
          patterns: [
            noRendererImports,
            { group: ['**/main', '**/main/**', '**/preload/**', '**/web', '**/web/**'], message: 'Core never imports a shell: the shells import core.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...dynamicElectron,
        ...dynamicRenderer,
        ...noDynamicImportOf(['main', 'preload', 'web'], 'Core never imports a shell: the shells import core.'),
      ],
    },
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

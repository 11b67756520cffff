// `node scripts/licenses.mjs`: writes src/renderer/src/generated/licenses.json, the list the
// About box shows: every package the built app carries, with its version, licence, author and
// licence text. "Carries" is: main's runtime dependencies (package.json "dependencies", which
// the packager copies into the app), every package the renderer's and shared code imports
// (what vite bundles into out/renderer), Electron itself, and all of their own dependencies.
// Run by scripts/build.mjs before the renderer is built; the file is not kept in git.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const LICENSES_FILE = join(root, 'src/renderer/src/generated/licenses.json')
/** Data the app carries that is not a package: credited beside them (the health checks' end-of-life dates). */
const EOL_DATA_FILE = join(root, 'src/core/health/eol-data.json')

const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i
const SOURCE_FILE = /\.(ts|vue|js|mjs)$/
// `from 'x'`, `import('x')`, `import 'x'`: the bare specifiers (not ./, ../ or virtual ids).
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"./][^'"]*)['"]/g

function packageName(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sourceFiles(path)
    return SOURCE_FILE.test(name) ? [path] : []
  })
}

/** The packages the renderer bundle imports (type-only imports are erased and left out). */
export function rendererImports() {
  const names = new Set()
  for (const file of [...sourceFiles(join(root, 'src/renderer/src')), ...sourceFiles(join(root, 'src/shared'))]) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(IMPORT)) {
      const line = text.slice(text.lastIndexOf('\n', match.index) + 1, match.index + match[0].length)
      if (/^\s*import\s+type\b/.test(line) || /^\s*export\s+type\b/.test(line)) continue
      const name = packageName(match[1])
      if (!name.startsWith('node:') && !name.startsWith('virtual:')) names.add(name)
    }
  }
  return names
}

/** node_modules/<name>, looked for from `from` upwards as Node does. */
function packageDir(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dir === root || dirname(dir) === dir) return null
  }
}

function licenseOf(pkg) {
  if (typeof pkg.license === 'string') return pkg.license
  if (pkg.license && typeof pkg.license.type === 'string') return pkg.license.type
  if (Array.isArray(pkg.licenses)) return pkg.licenses.map((l) => l.type ?? l).join(' OR ')
  return 'UNKNOWN'
}

function authorOf(pkg) {
  if (typeof pkg.author === 'string') return pkg.author
  if (pkg.author && typeof pkg.author.name === 'string') return pkg.author.name
  return undefined
}

export function collectLicenses() {
  const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const start = [...Object.keys(own.dependencies ?? {}), ...rendererImports(), 'electron']
  const seen = new Map()
  const queue = start.map((name) => ({ name, from: root }))
  while (queue.length > 0) {
    const { name, from } = queue.shift()
    const dir = packageDir(name, from)
    if (!dir || seen.has(dir)) continue
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    const licenseFile = readdirSync(dir).find((file) => LICENSE_FILE.test(file))
    seen.set(dir, {
      name: pkg.name ?? name,
      version: pkg.version ?? '',
      license: licenseOf(pkg),
      ...(authorOf(pkg) ? { author: authorOf(pkg) } : {}),
      ...(licenseFile ? { text: readFileSync(join(dir, licenseFile), 'utf8').trim() } : {}),
    })
    // Electron's own npm dependencies only download its binary; the app does not carry them.
    if (name === 'electron') continue
    for (const dep of Object.keys(pkg.dependencies ?? {})) queue.push({ name: dep, from: dir })
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version))
}

/**
 * The data the app carries, credited as its licence asks: endoflife.date's end-of-life dates
 * (MIT), which the health checks judge PHP and database versions by. Its version is the day
 * the data is as of, its text the source line and the licence.
 */
export function dataCredits() {
  const table = JSON.parse(readFileSync(EOL_DATA_FILE, 'utf8'))
  return [
    {
      name: 'endoflife.date (end-of-life dates)',
      version: table.asOf,
      license: 'MIT',
      author: 'endoflife.date contributors',
      text: [
        `Source: ${table.source}. https://endoflife.date`,
        '',
        'MIT License',
        '',
        'Copyright (c) 2020 endoflife.date contributors',
        '',
        'Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:',
        '',
        'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.',
        '',
        'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.',
      ].join('\n'),
    },
  ]
}

/** Writes the list when it changed (an unchanged file keeps its date, so builds stay fresh). */
export function writeLicenses(file = LICENSES_FILE) {
  const list = [...collectLicenses(), ...dataCredits()]
  const text = `${JSON.stringify(list, null, 1)}\n`
  mkdirSync(dirname(file), { recursive: true })
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text)
  return list
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const list = writeLicenses()
  process.stderr.write(`Wrote the licenses of ${list.length} packages to ${relative(root, LICENSES_FILE)}\n`)
}

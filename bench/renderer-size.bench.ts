// The JavaScript the window must load before it can show anything, gzipped. The
// renderer is built fresh from the current sources (bench/support/renderer-only.config.ts, the
// renderer part of electron.vite.config.ts, minified as `npm run build` does) into a temporary
// folder; then index.html's entry script and its static imports (the modulepreload links, and
// the entry's own static imports followed to the end, in case a link is missing) are summed.
// Lazy chunks (routes' views behind import()) are not initial and are listed apart.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { below, figure, heading, line, notMeasured } from './measure'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const KB = 1024

heading('Initial renderer JavaScript (fresh minified build of src/renderer)')

const outDir = await mkdtemp(join(tmpdir(), 'site-manager-bench-renderer-'))
try {
  const build = spawnSync(
    process.execPath,
    ['node_modules/electron-vite/bin/electron-vite.js', 'build', '-c', 'bench/support/renderer-only.config.ts', '--outDir', outDir, '--logLevel', 'error'],
    { cwd: ROOT, encoding: 'utf8', timeout: 300_000 },
  )
  if (build.status !== 0) {
    const why = `${build.stderr}\n${build.stdout}`.split('\n').find((text) => /error|fail/i.test(text))?.trim() ?? `exit ${build.status}`
    notMeasured('initial renderer JavaScript, gzipped', `the renderer does not build from the current sources (${why.slice(0, 160)})`)
  } else {
    const dir = join(outDir, 'renderer')
    const html = readFileSync(join(dir, 'index.html'), 'utf8')
    const entry = /<script\b[^>]*type="module"[^>]*\bsrc="\.\/([^"]+)"/.exec(html)?.[1]
    if (!entry) throw new Error('index.html has no module entry script')
    const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="\.\/([^"]+)"/g)].map((m) => m[1]!)

    // The entry and everything it imports statically, followed through the chunks.
    const initial = new Set<string>([entry, ...preloads])
    const queue = [...initial]
    while (queue.length > 0) {
      const file = queue.pop()!
      const code = readFileSync(join(dir, file), 'utf8')
      for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
        const next = `assets/${m[1]}`
        if (!initial.has(next)) {
          initial.add(next)
          queue.push(next)
        }
      }
    }
    const missingLinks = [...initial].filter((file) => file !== entry && !preloads.includes(file))
    const size = (file: string) => {
      const bytes = readFileSync(join(dir, file))
      return { raw: bytes.length, gzip: gzipSync(bytes).length }
    }
    let raw = 0
    let gzip = 0
    for (const file of [...initial].sort()) {
      const s = size(file)
      raw += s.raw
      gzip += s.gzip
      line(`  ${file}${file === entry ? ' (entry)' : ''}, gzipped`, s.gzip / KB, 'KB')
    }
    if (missingLinks.length > 0) line(`  static imports without a modulepreload link: ${missingLinks.join(', ')}`, missingLinks.length, '')
    line(`initial JavaScript, minified, not compressed`, raw / KB, 'KB')
    figure(`initial JavaScript (entry + static imports), gzipped`, gzip / KB, 'KB', below(120))
    const lazy = readdirSync(join(dir, 'assets')).filter((f) => f.endsWith('.js') && !initial.has(`assets/${f}`))
    const lazyGzip = lazy.reduce((sum, f) => sum + size(`assets/${f}`).gzip, 0)
    line(`lazy chunks (${lazy.length}, loaded on navigation), gzipped, not counted`, lazyGzip / KB, 'KB')
  }
} finally {
  await rm(outDir, { recursive: true, force: true })
}

// Where the web shell finds the app's own files. The shell runs both bundled (out/web/cli.js)
// and from source (src/web/cli.ts with tsx), so the root is found by walking up to the app's
// package.json rather than by a fixed relative path.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface AppFiles {
  root: string
  name: string
  productName: string
  version: string
  rendererDir: string
  bridgeScriptFile: string
}

interface PackageJson {
  name?: unknown
  productName?: unknown
  version?: unknown
}

export function findAppFiles(from: string = dirname(fileURLToPath(import.meta.url))): AppFiles {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as PackageJson
      if (pkg.name === 'site-manager' && typeof pkg.version === 'string') {
        return {
          root: dir,
          name: pkg.name,
          productName: typeof pkg.productName === 'string' ? pkg.productName : pkg.name,
          version: pkg.version,
          rendererDir: join(dir, 'out', 'renderer'),
          bridgeScriptFile: join(dir, 'out', 'web', 'bridge.js'),
        }
      }
    }
    if (dirname(dir) === dir) throw new Error(`The app's package.json was not found above ${from}.`)
  }
}

// The renderer's tests mirror its source: the test of src/renderer/src/<path>/<name>
// (.ts or .vue) is test/unit/renderer/<path>/<name>.test.ts, and a second file about one
// aspect of the same source is <name>.<aspect>.test.ts beside it. Shared helpers live in
// test/unit/renderer/support/.
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const tests = join(root, 'test/unit/renderer')
const source = join(root, 'src/renderer/src')

/** The source file a renderer test is about, by its place and name; null when there is none. */
export function sourceOf(testPath: string, exists: (path: string) => boolean = existsSync): string | null {
  const name = testPath.split('/').at(-1)!
  const stem = name.slice(0, name.indexOf('.'))
  const folder = dirname(testPath) === '.' ? '' : dirname(testPath)
  for (const extension of ['.ts', '.vue']) {
    const candidate = join(folder, stem + extension)
    if (exists(join(source, candidate))) return candidate
  }
  return null
}

describe('renderer tests', () => {
  it('each sits at the mirrored place of the source it tests', () => {
    const testFiles = readdirSync(tests, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.test.ts') && !file.startsWith('support/'),
    )
    expect(testFiles.length).toBeGreaterThan(50)
    const astray = testFiles.filter((file) => sourceOf(file) === null)
    expect(astray, 'tests with no source at the mirrored path (see the comment at the top of this file)').toEqual([])
  })

  it('finds the source by folder and by the name before the first dot', () => {
    const present = new Set(['stores/sites.ts', 'components/sites/SitesTable.vue', 'App.vue'].map((file) => join(source, file)))
    const exists = (path: string) => present.has(path)
    expect(sourceOf('stores/sites.test.ts', exists)).toBe('stores/sites.ts')
    expect(sourceOf('components/sites/SitesTable.test.ts', exists)).toBe('components/sites/SitesTable.vue')
    expect(sourceOf('App.one-alert-per-cause.test.ts', exists)).toBe('App.vue')
    expect(sourceOf('sites/sites-view.test.ts', exists)).toBeNull()
    expect(sourceOf('stores/SitesTable.test.ts', exists)).toBeNull()
  })
})

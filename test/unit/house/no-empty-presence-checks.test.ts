// A getBy… or findBy… query already fails when the element is missing, so `.toBeTruthy()` after
// it asserts nothing more: the renderer tests say what the person sees instead
// (toBeVisible, the text, the state). This keeps the empty check from coming back.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../../..')
const EMPTY_CHECK = /\b(?:get|find)(?:All)?By\w+\(.*\)\)?\)\.toBeTruthy\(\)/

/** The lines of `source` that check a query's result only for being there. */
export function emptyPresenceChecks(source: string): string[] {
  return source.split('\n').filter((line) => EMPTY_CHECK.test(line)).map((line) => line.trim())
}

describe('presence checks in the tests', () => {
  it('no getBy/findBy result is only checked with toBeTruthy()', () => {
    const found = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|mts)$/.test(file) && !file.split('/').includes('node_modules') && !file.startsWith('unit/house/'))
      .flatMap((file) => emptyPresenceChecks(readFileSync(join(root, 'test', file), 'utf8')).map((line) => `test/${file}: ${line}`))
    expect(found).toEqual([])
  })

  it('finds the empty check in its spellings, and lets real checks be', () => {
    expect(emptyPresenceChecks("expect(screen.getByText('No sites yet')).toBeTruthy()")).toHaveLength(1)
    expect(emptyPresenceChecks("expect(within(dialog()).getByRole('button', { name: 'Save' })).toBeTruthy()")).toHaveLength(1)
    expect(emptyPresenceChecks("expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy()")).toHaveLength(1)
    expect(emptyPresenceChecks("expect(screen.getByText('No sites yet')).toBeVisible()")).toEqual([])
    expect(emptyPresenceChecks("expect(screen.queryByText('Gone')).toBeNull()")).toEqual([])
    expect(emptyPresenceChecks('expect(command).toBeTruthy()')).toEqual([])
  })
})

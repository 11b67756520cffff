// The Electron fuses of the packaged app: electron-builder.yml must switch off
// running as Node, NODE_OPTIONS and the inspect flags, and switch on cookie encryption, loading
// the app from app.asar only, and the archive's integrity check. electron-builder is not a
// dependency yet (packaging is its own issue), so the config is read here with a reader for
// the one flat mapping of booleans the fuses are.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const CONFIG = new URL('../../../electron-builder.yml', import.meta.url)

/** A top-level `key: value` of the YAML file, as text. */
function topLevel(text: string, key: string): string | undefined {
  return new RegExp(`^${key}:[ \\t]*([^#\\n]*?)[ \\t]*(?:#.*)?$`, 'm').exec(text)?.[1]
}

/** The `electronFuses:` mapping: each indented `name: true|false` line under it, in order. */
function fuses(text: string): Array<[string, string]> {
  const lines = text.split('\n')
  const start = lines.findIndex((line) => /^electronFuses:\s*(#.*)?$/.test(line))
  if (start === -1) return []
  const found: Array<[string, string]> = []
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break // the next top-level key
    const entry = /^\s+([A-Za-z]+):\s*(\S+?)\s*(#.*)?$/.exec(line)
    if (entry) found.push([entry[1]!, entry[2]!])
  }
  return found
}

describe('Electron fuses in electron-builder.yml', () => {
  const text = readFileSync(CONFIG, 'utf8')
  const set = fuses(text)
  const value = (name: string) => set.find(([key]) => key === name)?.[1]

  it.each([
    ['runAsNode', 'false'],
    ['enableCookieEncryption', 'true'],
    ['onlyLoadAppFromAsar', 'true'],
    ['enableNodeOptionsEnvironmentVariable', 'false'],
    ['enableNodeCliInspectArguments', 'false'],
    ['enableEmbeddedAsarIntegrityValidation', 'true'],
  ])('sets %s to %s', (name, expected) => {
    expect(value(name)).toBe(expected)
  })

  it('sets each fuse once, to a boolean, and only fuses electron-builder knows', () => {
    const names = set.map(([key]) => key)
    expect(new Set(names).size).toBe(names.length)
    for (const [, setting] of set) expect(setting).toMatch(/^(true|false)$/)
    const known = [
      'runAsNode',
      'enableCookieEncryption',
      'enableNodeOptionsEnvironmentVariable',
      'enableNodeCliInspectArguments',
      'enableEmbeddedAsarIntegrityValidation',
      'onlyLoadAppFromAsar',
      'loadBrowserProcessSpecificV8Snapshot',
      'grantFileProtocolExtraPrivileges',
    ]
    for (const name of names) expect(known).toContain(name)
  })

  it('packs the app into app.asar, which the asar fuses need', () => {
    expect(topLevel(text, 'asar')).toBe('true')
    expect(topLevel(text, 'productName')).toBe('Site Manager')
  })
})

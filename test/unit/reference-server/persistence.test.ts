// State persisted to a JSON file, atomically, and loaded at start.
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startReferenceServer } from '../../../src/reference-server'
import { closeServers, del, get, post, startServer } from './helpers'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'refserver-state-'))
})
afterEach(async () => {
  // The last state write (fsynced, so not instant) must land before its folder goes.
  await closeServers()
  await rm(dir, { recursive: true, force: true })
})

describe('persistence', () => {
  it('writes the generated state at start and restores it, tokens included, after a restart', async () => {
    const dataFile = join(dir, 'nested', 'state.json')
    const first = await startServer({ seed: 'persist', sites: 8, dataFile })
    const tag = (await post(first, '/tags', { name: 'Survives' })).json.data
    await del(first, '/sites/3')
    first.runMonitoringPass()
    const sitesBefore = (await get(first, '/sites')).json
    const logsBefore = (await get(first, '/logs')).json
    const tokens = first.tokens
    await first.close()

    const saved = JSON.parse(await readFile(dataFile, 'utf8'))
    expect(saved.version).toBe(1)
    expect(saved.accounts.map((a: any) => a.token)).toEqual(tokens)

    // A different seed and size must not matter: the file wins.
    const second = await startServer({ seed: 'something-else', sites: 99, dataFile, port: 0 })
    expect(second.tokens).toEqual(tokens)
    const sitesAfter = (await get(second, '/sites')).json
    expect(sitesAfter.data).toEqual(sitesBefore.data)
    expect((await get(second, '/logs')).json.data).toEqual(logsBefore.data)
    expect((await get(second, '/tags')).json.data).toContainEqual(tag)
    // Ids continue after the saved ones instead of reusing them.
    const newTag = (await post(second, '/tags', { name: 'Next' })).json.data
    expect(newTag.id).toBeGreaterThan(tag.id)
  })

  it('leaves no temporary files behind after many quick changes', async () => {
    const dataFile = join(dir, 'state.json')
    const server = await startServer({ dataFile })
    await Promise.all(Array.from({ length: 20 }, (_, i) => post(server, '/tags', { name: `Tag ${i}` })))
    await server.close()
    expect(await readdir(dir)).toEqual(['state.json'])
    const saved = JSON.parse(await readFile(dataFile, 'utf8'))
    expect(saved.accounts[0].tags).toHaveLength(20)
  })

  it('keeps the file, which holds the tokens, readable by its owner only (0600)', async () => {
    const dataFile = join(dir, 'state.json')
    const first = await startServer({ seed: 'private', sites: 2, dataFile })
    await first.close()
    expect((await stat(dataFile)).mode & 0o777).toBe(0o600)

    // A file left world-readable by an older version is replaced by a private one on the next write.
    await chmod(dataFile, 0o644)
    const second = await startServer({ dataFile })
    await post(second, '/tags', { name: 'Rewrite' })
    await second.close()
    expect((await stat(dataFile)).mode & 0o777).toBe(0o600)
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('lets fixed tokens replace the saved ones', async () => {
    const dataFile = join(dir, 'state.json')
    const first = await startServer({ seed: 'tok', sites: 2, dataFile })
    await first.close()
    const second = await startServer({ dataFile, tokens: ['pinned-token'] })
    expect(second.tokens[0]).toBe('pinned-token')
    expect((await get(second, '/sites', { token: 'pinned-token' })).json.meta.total).toBe(2)
  })

  it('refuses to start on a file that is not a state file, without overwriting it', async () => {
    const dataFile = join(dir, 'state.json')
    await writeFile(dataFile, '{"hello": "world"}')
    await expect(startReferenceServer({ dataFile })).rejects.toThrow(/not a reference server state file/)
    expect(await readFile(dataFile, 'utf8')).toBe('{"hello": "world"}')
  })
})

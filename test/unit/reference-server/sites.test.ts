// Spec sections 2.1, 4 and 4.1: sites over real HTTP.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { call, CREATED_SITE_KEYS, del, get, post, SITE_KEYS, sorted, startServer, TIMESTAMP } from './helpers'

const newSite = {
  name: 'Harbor Bakery',
  cms_id: 1,
  url: 'https://harbor-bakery.example',
  admin_url: 'https://harbor-bakery.example/administrator/',
  private_key: 'secret-key-123',
  notes: 'Opened in 1998.',
  monitor: { look_for_string: 'Harbor' },
}

describe('sites (spec 2.1, 4, 4.1)', () => {
  it('creates a site and answers 200 with the creation field set: no updates_count, nothing checked yet', async () => {
    const server = await startServer()
    const tag = (await post(server, '/tags', { name: 'Clients' })).json.data
    const created = await post(server, '/sites', { ...newSite, tags: [tag.id] })

    expect(created.status).toBe(200)
    expect(created.headers.get('content-type')).toBe('application/json')
    const site = created.json.data
    expect(Object.keys(created.json)).toEqual(['data'])
    expect(sorted(Object.keys(site))).toEqual(sorted(CREATED_SITE_KEYS))
    expect(site).toMatchObject({
      name: newSite.name,
      url: newSite.url,
      admin_url: newSite.admin_url,
      notes: newSite.notes,
      status: 'Ok',
      published: null,
      tags: [],
      server: { ip: null, web: null, php: null, mysql: null },
      last_check_at: null,
    })
    expect(site.created_at).toMatch(TIMESTAMP)
    expect(site.updated_at).toBe(site.created_at)
  })

  it('attaches the tags sent on creation although the creation answer shows none', async () => {
    const server = await startServer()
    const tag = (await post(server, '/tags', { name: 'VIP' })).json.data
    const id = (await post(server, '/sites', { ...newSite, tags: [tag.id] })).json.data.id

    const read = await get(server, `/sites/${id}`)
    expect(read.status).toBe(200)
    expect(sorted(Object.keys(read.json.data))).toEqual(sorted(SITE_KEYS))
    expect(read.json.data.tags).toEqual([tag])
    expect(read.json.data.updates_count).toBe(0)
  })

  it('never returns the input-only fields cms_id, private_key and monitor', async () => {
    const server = await startServer()
    const created = await post(server, '/sites', newSite)
    const id = created.json.data.id
    const answers = [created, await get(server, `/sites/${id}`), await get(server, '/sites')]
    for (const answer of answers) {
      expect(answer.text).not.toContain('cms_id')
      expect(answer.text).not.toContain('private_key')
      expect(answer.text).not.toContain('secret-key-123')
      expect(answer.text).not.toContain('monitor')
      expect(answer.text).not.toContain('look_for_string')
    }
  })

  it('encodes JSON like Laravel (escaped slashes and unicode) which parses to the same values', async () => {
    const server = await startServer()
    const created = await post(server, '/sites', { ...newSite, name: 'Café Müller' })
    expect(created.text).toContain('https:\\/\\/harbor-bakery.example')
    expect(created.text).toContain('Caf\\u00e9 M\\u00fcller')
    expect(created.json.data.name).toBe('Café Müller')
  })

  it('accepts a form-encoded body with monitor[look_for_string] and tags[] and keeps them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'refserver-form-'))
    try {
      const dataFile = join(dir, 'state.json')
      const server = await startServer({ dataFile })
      const tag = (await post(server, '/tags', { name: 'Form' })).json.data
      const created = await call(server, 'POST', '/sites', {
        form: [
          ['name', 'Form Site'],
          ['url', 'https://form.example'],
          ['cms_id', '2'],
          ['monitor[look_for_string]', 'Welcome home'],
          ['tags[]', String(tag.id)],
        ],
      })
      expect(created.status).toBe(200)
      expect(created.text).not.toContain('Welcome home')
      expect((await get(server, `/sites/${created.json.data.id}`)).json.data.tags).toEqual([tag])
      await server.close()
      const saved = JSON.parse(await readFile(dataFile, 'utf8'))
      const stored = saved.accounts[0].sites.find((s: any) => s.id === created.json.data.id)
      expect(stored).toMatchObject({ look_for_string: 'Welcome home', cms_id: 2, has_private_key: false })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('keeps no private_key on disk, only that one was sent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'refserver-key-'))
    try {
      const dataFile = join(dir, 'state.json')
      const server = await startServer({ dataFile })
      expect((await post(server, '/sites', newSite)).status).toBe(200)
      await server.close()
      const text = await readFile(dataFile, 'utf8')
      expect(text).not.toContain(newSite.private_key)
      expect(JSON.parse(text).accounts[0].sites[0].has_private_key).toBe(true)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('accepts the bracket spelling monitor[look_for_string] inside a JSON body too', async () => {
    const server = await startServer()
    const answer = await post(server, '/sites', { name: 'A', url: 'https://a.example', 'monitor[look_for_string]': ['not', 'a string'] })
    // The bracket key reached the monitor.look_for_string rule, which proves it was understood.
    expect(answer.status).toBe(422)
    expect(answer.json.errors).toEqual({ 'monitor.look_for_string': ['The monitor.look for string field must be a string.'] })
  })

  it('reads one site as {data: Site} and answers 404 for unknown or malformed ids', async () => {
    const server = await startServer({ seed: 'one', sites: 3 })
    const read = await get(server, '/sites/2')
    expect(read.status).toBe(200)
    expect(read.json.data.id).toBe(2)
    for (const id of ['999', 'abc', '-1', '1.5']) {
      const missing = await get(server, `/sites/${id}`)
      expect(missing.status).toBe(404)
      expect(missing.json).toEqual({ message: `No query results for model [App\\Models\\Site] ${id}` })
    }
  })

  it('deletes a site with 200 and an empty body; the site is gone afterwards', async () => {
    const server = await startServer({ seed: 'del', sites: 2 })
    const deleted = await del(server, '/sites/1')
    expect(deleted.status).toBe(200)
    expect(deleted.text).toBe('')
    expect((await get(server, '/sites/1')).status).toBe(404)
    expect((await del(server, '/sites/1')).status).toBe(404)
    expect((await get(server, '/sites')).json.meta.total).toBe(1)
  })

  it('lists sites in ascending id order with the full field set and timestamps with a numeric offset', async () => {
    const server = await startServer({ seed: 'list', sites: 5 })
    const list = await get(server, '/sites')
    expect(list.json.data.map((s: any) => s.id)).toEqual([1, 2, 3, 4, 5])
    for (const site of list.json.data) {
      expect(sorted(Object.keys(site))).toEqual(sorted(SITE_KEYS))
      expect(site.created_at).toMatch(TIMESTAMP)
      expect(site.updated_at).toMatch(TIMESTAMP)
      if (site.last_check_at !== null) expect(site.last_check_at).toMatch(TIMESTAMP)
      expect(sorted(Object.keys(site.server))).toEqual(['ip', 'mysql', 'php', 'web'])
    }
  })
})

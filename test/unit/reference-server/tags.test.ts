// Spec sections 2.2, 4 and 4.2: tags over real HTTP.
import { describe, expect, it } from 'vitest'
import { del, get, post, sorted, startServer, TAG_KEYS, TIMESTAMP } from './helpers'

describe('tags (spec 2.2, 4, 4.2)', () => {
  it('creates a tag: 200, {data: Tag} with both timestamps equal', async () => {
    const server = await startServer()
    const created = await post(server, '/tags', { name: 'Production' })
    expect(created.status).toBe(200)
    expect(Object.keys(created.json)).toEqual(['data'])
    const tag = created.json.data
    expect(sorted(Object.keys(tag))).toEqual(sorted(TAG_KEYS))
    expect(tag.name).toBe('Production')
    expect(Number.isInteger(tag.id)).toBe(true)
    expect(tag.created_at).toMatch(TIMESTAMP)
    expect(tag.updated_at).toBe(tag.created_at)
  })

  it('lists tags in the envelope, in ascending id order', async () => {
    const server = await startServer()
    for (const name of ['B', 'A', 'C']) await post(server, '/tags', { name })
    const list = await get(server, '/tags')
    expect(list.status).toBe(200)
    expect(list.json.data.map((t: any) => t.name)).toEqual(['B', 'A', 'C'])
    expect(list.json.meta).toMatchObject({ total: 3, from: 1, to: 3, current_page: 1, last_page: 1 })
  })

  it('refuses a missing or duplicate name with 422 (unique per account, case-insensitive)', async () => {
    const server = await startServer()
    await post(server, '/tags', { name: 'Clients' })
    const missing = await post(server, '/tags', {})
    expect(missing.status).toBe(422)
    expect(missing.json).toEqual({ message: 'The name field is required.', errors: { name: ['The name field is required.'] } })
    const blank = await post(server, '/tags', { name: '   ' })
    expect(blank.json.errors).toEqual({ name: ['The name field is required.'] })
    const duplicate = await post(server, '/tags', { name: 'clients' })
    expect(duplicate.status).toBe(422)
    expect(duplicate.json).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    })
    // Another account may use the same name.
    expect((await post(server, '/tags', { name: 'Clients' }, { token: server.tokens[1] })).status).toBe(200)
  })

  it('refuses a name that is not a string or too long', async () => {
    const server = await startServer()
    expect((await post(server, '/tags', { name: 42 })).json.errors).toEqual({ name: ['The name field must be a string.'] })
    expect((await post(server, '/tags', { name: 'x'.repeat(256) })).json.errors).toEqual({
      name: ['The name field must not be greater than 255 characters.'],
    })
  })

  it('deletes a tag with 200 and an empty body and detaches it from sites', async () => {
    const server = await startServer()
    const keep = (await post(server, '/tags', { name: 'Keep' })).json.data
    const drop = (await post(server, '/tags', { name: 'Drop' })).json.data
    const site = (await post(server, '/sites', { name: 'S', url: 'https://s.example', tags: [keep.id, drop.id] })).json.data
    expect((await get(server, `/sites/${site.id}`)).json.data.tags).toHaveLength(2)

    const deleted = await del(server, `/tags/${drop.id}`)
    expect(deleted.status).toBe(200)
    expect(deleted.text).toBe('')
    expect((await get(server, `/sites/${site.id}`)).json.data.tags).toEqual([keep])
    expect((await get(server, '/tags')).json.data).toEqual([keep])
    const again = await del(server, `/tags/${drop.id}`)
    expect(again.status).toBe(404)
    expect(again.json).toEqual({ message: `No query results for model [App\\Models\\Tag] ${drop.id}` })
  })

  it('answers POST /tags/:id (the spec heading\'s wrong method) with 405', async () => {
    const server = await startServer()
    const tag = (await post(server, '/tags', { name: 'T' })).json.data
    const wrong = await post(server, `/tags/${tag.id}`, {})
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('DELETE')
  })
})

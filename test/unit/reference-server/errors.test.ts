// Errors as the Laravel services behind this API answer them (spec 7 shows none).
import { describe, expect, it } from 'vitest'
import { call, get, post, startServer } from './helpers'

describe('errors (Laravel conventions)', () => {
  it('answers an unknown route with 404 and Laravel\'s message, without needing a token', async () => {
    const server = await startServer()
    const answer = await call(server, 'GET', '/nope', { token: null })
    expect(answer.status).toBe(404)
    expect(answer.json).toEqual({ message: 'The route api/v1/nope could not be found.' })
    expect((await fetch(`http://127.0.0.1:${server.port}/api/v2/sites`)).status).toBe(404)
  })

  it('answers a wrong method with 405 and an Allow header', async () => {
    const server = await startServer()
    const answer = await call(server, 'PUT', '/sites')
    expect(answer.status).toBe(405)
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST')
    expect(answer.json).toEqual({
      message: 'The PUT method is not supported for route api/v1/sites. Supported methods: GET, HEAD, POST.',
    })
  })

  it('answers HEAD on GET routes with the headers and no body', async () => {
    const server = await startServer({ seed: 'h', sites: 2 })
    const answer = await fetch(`${server.baseUrl}/sites`, { method: 'HEAD', headers: { Authorization: `Bearer ${server.tokens[0]}` } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(await answer.text()).toBe('')
  })

  it('ignores a trailing slash like Laravel\'s router', async () => {
    const server = await startServer({ seed: 's', sites: 1 })
    expect((await get(server, '/sites/')).status).toBe(200)
  })

  it('refuses a site without name and url with 422, summarizing the count of further errors', async () => {
    const server = await startServer()
    const answer = await post(server, '/sites', {})
    expect(answer.status).toBe(422)
    expect(answer.json).toEqual({
      message: 'The name field is required. (and 1 more error)',
      errors: { name: ['The name field is required.'], url: ['The url field is required.'] },
    })
  })

  it('validates URLs, cms_id, tags, notes and monitor', async () => {
    const server = await startServer()
    const answer = await post(server, '/sites', {
      name: 'Bad',
      url: 'not a url',
      admin_url: 'ftp//nope',
      cms_id: 'abc',
      notes: 7,
      tags: [1, 'x'],
      monitor: 'look',
    })
    expect(answer.status).toBe(422)
    expect(answer.json.errors).toEqual({
      cms_id: ['The cms id field must be an integer.'],
      url: ['The url field must be a valid URL.'],
      admin_url: ['The admin url field must be a valid URL.'],
      notes: ['The notes field must be a string.'],
      'tags.0': ['The selected tags.0 is invalid.'],
      'tags.1': ['The tags.1 field must be an integer.'],
      monitor: ['The monitor field must be an array.'],
    })
    expect(answer.json.message).toBe('The cms id field must be an integer. (and 6 more errors)')
    expect((await post(server, '/sites', { name: 'N', url: 'https://n.example', tags: '1' })).json.errors).toEqual({
      tags: ['The tags field must be an array.'],
    })
  })

  it('accepts an integer cms_id sent as a numeric string, as Laravel\'s integer rule does', async () => {
    const server = await startServer()
    expect((await post(server, '/sites', { name: 'N', url: 'https://n.example', cms_id: '3' })).status).toBe(200)
  })

  it('treats a broken JSON body or a missing Content-Type as no input (422), like Laravel', async () => {
    const server = await startServer()
    const broken = await post(server, '/sites', '{"name": "x", ')
    expect(broken.status).toBe(422)
    expect(Object.keys(broken.json.errors)).toEqual(['name', 'url'])
    const untyped = await fetch(`${server.baseUrl}/tags`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.tokens[0]}`, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ name: 'X' }),
    })
    expect(untyped.status).toBe(422)
  })

  it('creates nothing when validation fails', async () => {
    const server = await startServer()
    await post(server, '/sites', { name: 'Only a name' })
    expect((await get(server, '/sites')).json.meta.total).toBe(0)
  })

  it('refuses a body over 1 MiB with 413', async () => {
    const server = await startServer()
    const answer = await post(server, '/tags', { name: 'x'.repeat(1024 * 1024 + 10) })
    expect(answer.status).toBe(413)
  })
})

// Request bodies come from any local client, and the server also runs inside the app's main
// process: no key in a body may reach Object.prototype, and no index may make a huge array.
import { afterEach, describe, expect, it } from 'vitest'
import { call, get, post, startServer } from './helpers'

const polluted = () => ({}) as Record<string, unknown>

afterEach(() => {
  // Should a test fail, do not leave the pollution to the tests that follow in this worker.
  for (const key of ['polluted', 'viaForm', 'viaConstructor', 'viaNested']) delete (Object.prototype as any)[key]
})

describe('request bodies and prototype pollution', () => {
  it('ignores "__proto__[...]" keys in a JSON body and still creates the tag', async () => {
    const server = await startServer()
    const created = await post(server, '/tags', { name: 'x', '__proto__[polluted]': 'yes' })
    expect(polluted().polluted).toBeUndefined()
    expect(created.status).toBe(200)
    expect(created.json.data.name).toBe('x')
  })

  it('ignores __proto__, constructor and prototype segments in form bodies', async () => {
    const server = await startServer()
    const created = await call(server, 'POST', '/tags', {
      form: [
        ['__proto__[viaForm]', 'yes'],
        ['constructor[prototype][viaConstructor]', 'yes'],
        ['name', 'y'],
        ['name[__proto__][viaNested]', 'yes'],
      ],
    })
    expect(polluted().viaForm).toBeUndefined()
    expect(polluted().viaConstructor).toBeUndefined()
    expect(polluted().viaNested).toBeUndefined()
    // name[__proto__][...] is dropped, so the plain "name" pair stays what it was.
    expect(created.status).toBe(200)
    expect(created.json.data.name).toBe('y')
  })

  it('does not take fields from a "__proto__" object in JSON', async () => {
    const server = await startServer()
    const answer = await post(server, '/tags', '{"__proto__": {"name": "from the prototype"}}')
    expect(answer.status).toBe(422)
    expect(answer.json.errors).toEqual({ name: ['The name field is required.'] })
    expect(polluted().name).toBeUndefined()
  })

  it('keeps bracket keys working: nested fields, lists, later pairs winning', async () => {
    const server = await startServer()
    const a = (await post(server, '/tags', { name: 'A' })).json.data
    const b = (await post(server, '/tags', { name: 'B' })).json.data
    const created = await call(server, 'POST', '/sites', {
      form: [
        ['name', 'Form site'],
        ['url', 'https://form.example'],
        ['tags[0]', String(a.id)],
        ['tags[0]', String(b.id)],
        ['monitor[look_for_string]', 'Welcome'],
      ],
    })
    expect(created.status).toBe(200)
    // The creation answer shows no tags (spec quirk); the stored site does.
    const site = (await get(server, `/sites/${created.json.data.id}`)).json.data
    expect(site.tags.map((t: any) => t.id)).toEqual([b.id])
  })

  it('answers a huge list index at once instead of building a 200-million-slot array', async () => {
    const server = await startServer()
    const tag = (await post(server, '/tags', { name: 'Far' })).json.data
    const started = performance.now()
    const created = await call(server, 'POST', '/sites', {
      form: [
        ['name', 'Sparse'],
        ['url', 'https://sparse.example'],
        // Without dense lists this walks 200 million slots: seconds of a blocked event loop.
        ['tags[200000000]', String(tag.id)],
      ],
    })
    expect(performance.now() - started).toBeLessThan(2000)
    expect(created.status).toBe(200)
    const site = (await get(server, `/sites/${created.json.data.id}`)).json.data
    expect(site.tags.map((t: any) => t.id)).toEqual([tag.id])
  })
})

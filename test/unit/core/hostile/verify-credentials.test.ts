// Adding an account against servers that answer wrongly: the person is told what came back
// (status, content type, the first words), and "no API answered" is kept for when none did.
import { afterEach, describe, expect, it } from 'vitest'
import { createSiteApiClient } from '../../../../src/core/api'
import { credentialsVerifier } from '../../../../src/core/accounts/verify-credentials'
import { failure } from '../api/support/failure'
import { sendJson, startListener, type Handler } from '../api/support/listener'

const TOKEN = 'verify-token-0123456789abcdef'
const opened: { close(): Promise<void> }[] = []
const verify = credentialsVerifier(createSiteApiClient)

afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()))
})

async function addAgainst(handler: Handler) {
  const server = await startListener(handler)
  opened.push(server)
  const baseUrl = `${server.origin}/v1`
  return { baseUrl, error: await failure(verify(baseUrl, TOKEN)) }
}

describe('adding an account', () => {
  it('says the server answered with something that is not valid JSON, naming what it got', async () => {
    const { baseUrl, error } = await addAgainst((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
      res.end('{"data": [{"id": 1, "name": "Tag 1"}, {"id": 2, "na')
    })
    expect(error.code).toBe('bad_response')
    expect(error.message).toBe(
      `The server at ${baseUrl} answered, but with something that is not valid JSON (HTTP 200, application/json: "{"data": [{"id": 1, "name": "Tag 1"}, {"id": 2, "na"). ` +
        "Check the address: it is the API root ending in /v1, e.g. https://example.com/api/v1; if it is right, the server has a fault: tell its administrator.",
    )
    expect(error.message).not.toContain('No Site Management API answered')
  })

  it('names a body without a content type, and an empty one', async () => {
    const bare = await addAgainst((_req, res) => {
      res.writeHead(200, {})
      res.end('ok')
    })
    expect(bare.error.message).toContain('answered, but with something that is not valid JSON (HTTP 200, no content type: "ok")')
    const empty = await addAgainst((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end()
    })
    expect(empty.error.message).toBe(
      `The server at ${empty.baseUrl} answered with an empty body (HTTP 200, application/json), not with a list of tags. Check the address: it is the API root ending in /v1, e.g. https://example.com/api/v1.`,
    )
  })

  it('says no Site Management API answered when a web page or a 404 came back', async () => {
    const page = await addAgainst((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(`<html><head><title>Sign in</title></head><body>${'<div>'.repeat(50_000)}</body></html>`)
    })
    expect(page.error.message).toBe(
      `No Site Management API answered at ${page.baseUrl}: the server sent a web page (HTTP 200, text/html: "Sign in"). Check the address: it is the API root ending in /v1, e.g. https://example.com/api/v1.`,
    )
    const missing = await addAgainst((_req, res) => sendJson(res, 404, { message: 'Not Found' }))
    expect(missing.error).toMatchObject({ code: 'not_found' })
    expect(missing.error.message).toMatch(/^No Site Management API answered at .* \(HTTP 404\)\. Check the address/)
  })

  it('says which fields are wrong when JSON of another shape came back', async () => {
    const { error } = await addAgainst((_req, res) => sendJson(res, 200, { items: [] }))
    expect(error.code).toBe('bad_response')
    expect(error.message).toMatch(/does not have the expected shape \(HTTP 200\): data: missing/)
    expect(error.message).toContain('Check the address: it is the API root ending in /v1')
  })

  it('tells no answer at all apart: nothing listening is a network failure', async () => {
    const server = await startListener(() => undefined)
    await server.close()
    const error = await failure(verify(`${server.origin}/v1`, TOKEN))
    expect(error.code).toBe('network')
    expect(error.message).toMatch(/^Could not reach 127\.0\.0\.1:\d+ \(connection refused\)/)
  })
})

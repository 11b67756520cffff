// Core's finished exports through the web shell over real loopback requests: served once as an
// attachment under core's name, then gone; refused without the token, from another page, or
// for an id nobody made; a file nobody asked for goes after its time.
import { request } from 'node:http'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExportDownloads } from '../../../src/core/export'
import { attachmentHeader } from '../../../src/web/download-file'
import { type Harness, startHarness } from './web-shell-harness'

let shell: Harness
let folder: string
let downloads: ExportDownloads
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'web-shell-downloads-'))
  downloads = new ExportDownloads(join(folder, 'exports'))
  shell = await startHarness({ downloads })
})
afterAll(async () => {
  await shell.close()
  await downloads.dispose()
  await rm(folder, { recursive: true, force: true })
})

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: shell.server.port, path, headers, method }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** A finished export as core leaves it: written, then ready at its address. */
async function finished(name: string, content: string): Promise<string> {
  const { id, path } = await downloads.reserve()
  await writeFile(path, content)
  return downloads.ready(id, path, name, 'text/csv; charset=utf-8')
}

const host = () => ({ Host: `127.0.0.1:${shell.server.port}` })

describe('export downloads in the web shell', () => {
  it('serves the file once as an attachment under its name, never cached, then deletes it', async () => {
    const content = 'Name,Address\r\nShop,https://shop.example\r\nÜnïcode ✓,https://x.example\r\n'
    const url = await finished('sites-büro-2026-11-23.csv', content)
    expect(url).toMatch(/^\/downloads\/[A-Za-z0-9_-]{43}$/)

    const first = await get(url, { Cookie: shell.cookie, 'Sec-Fetch-Site': 'same-origin', ...host() })
    expect(first.status).toBe(200)
    expect(first.body).toBe(content)
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(first.headers['content-disposition']).toBe(`attachment; filename="sites-b_ro-2026-11-23.csv"; filename*=UTF-8''sites-b%C3%BCro-2026-11-23.csv`)
    expect(first.headers['cache-control']).toBe('no-store')
    await expect.poll(async () => readdir(downloads.folder)).toEqual([])

    const again = await get(url, { Cookie: shell.cookie, ...host() })
    expect(again.status).toBe(404)
  })

  it('refuses a download without the token, with a wrong one, or asked by another page, and keeps the file for the real ask', async () => {
    const url = await finished('events-agency-2026-11-23.csv', 'Time\r\n')
    expect((await get(url, host())).status).toBe(401)
    expect((await get(url, { Cookie: `site_manager_token_${shell.server.port}=wrong-token-0123456789`, ...host() })).status).toBe(403)
    expect((await get(url, { Cookie: shell.cookie, Origin: 'https://evil.example', ...host() })).status).toBe(403)
    expect((await get(url, { Cookie: shell.cookie, 'Sec-Fetch-Site': 'cross-site', ...host() })).status).toBe(403)
    expect((await get(url, { Cookie: shell.cookie, Host: `localhost:${shell.server.port}` })).status).toBe(403)
    expect((await get(url, { Cookie: shell.cookie, ...host() }, 'HEAD')).status).toBe(405)
    const real = await get(url, { Cookie: shell.cookie, Origin: shell.server.origin, ...host() })
    expect(real).toMatchObject({ status: 200, body: 'Time\r\n' })
  })

  it('finds nothing at an address nobody made', async () => {
    expect((await get('/downloads/not-an-id', { Cookie: shell.cookie, ...host() })).status).toBe(404)
    expect((await get(`/downloads/${'A'.repeat(43)}`, { Cookie: shell.cookie, ...host() })).status).toBe(404)
  })

  it('deletes a file nobody downloaded after its time', async () => {
    const quick = new ExportDownloads(join(folder, 'quick'), 20)
    const { id, path } = await quick.reserve()
    await writeFile(path, 'x')
    quick.ready(id, path, 'x.csv', 'text/csv')
    await expect.poll(async () => readdir(quick.folder), { interval: 10 }).toEqual([])
    expect(await quick.take(id)).toBeNull()
    await quick.dispose()
  })

  it('names the attachment safely whatever the name holds', () => {
    expect(attachmentHeader('a "b"\\c.csv')).toBe(`attachment; filename="a _b__c.csv"; filename*=UTF-8''a%20%22b%22%5Cc.csv`)
  })
})

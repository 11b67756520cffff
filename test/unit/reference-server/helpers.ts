// Shared helpers of the reference server's conformance tests: every test talks to a real
// server over loopback HTTP with Node's global fetch, and every server started is closed.
import { afterEach } from 'vitest'
import type { ReferenceServerOptions, RunningReferenceServer } from '../../../src/reference-server'
import { startReferenceServer } from '../../../src/reference-server'

const running = new Set<RunningReferenceServer>()

/** Closes every server started so far; a test that deletes their data folder calls it first. */
export async function closeServers(): Promise<void> {
  const servers = [...running]
  running.clear()
  await Promise.all(servers.map((server) => server.close()))
}

afterEach(closeServers)

/** Starts a server that is closed after the current test. */
export async function startServer(options: ReferenceServerOptions = {}): Promise<RunningReferenceServer> {
  const server = await startReferenceServer(options)
  running.add(server)
  return server
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The parsed body; undefined when the body is empty or not JSON. */
  json: any
}

export interface CallOptions {
  token?: string | null
  body?: unknown
  /** Sent as application/x-www-form-urlencoded instead of JSON. */
  form?: Record<string, string> | [string, string][]
  headers?: Record<string, string>
}

/** One request: `path` is relative to the API root (e.g. "/sites?page=2") or an absolute URL. */
export async function call(server: RunningReferenceServer, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
  const token = options.token === undefined ? server.tokens[0] : options.token
  if (token !== null && token !== undefined) headers.Authorization = `Bearer ${token}`
  let body: string | undefined
  if (options.form !== undefined) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(options.form).toString()
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
  }
  const url = /^https?:/.test(path) ? path : `${server.baseUrl}${path}`
  const response = await fetch(url, { method, headers, body })
  const text = await response.text()
  let json: any
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

export const get = (server: RunningReferenceServer, path: string, options?: CallOptions) => call(server, 'GET', path, options)
export const post = (server: RunningReferenceServer, path: string, body: unknown, options?: CallOptions) =>
  call(server, 'POST', path, { ...options, body })
export const del = (server: RunningReferenceServer, path: string, options?: CallOptions) => call(server, 'DELETE', path, options)

/** ISO 8601 with whole seconds and a numeric UTC offset, as spec 2.1 shows. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/

export const SITE_KEYS = [
  'id', 'name', 'url', 'admin_url', 'notes', 'status', 'published', 'tags', 'server',
  'updates_count', 'created_at', 'updated_at', 'last_check_at',
]
export const CREATED_SITE_KEYS = SITE_KEYS.filter((key) => key !== 'updates_count')
export const TAG_KEYS = ['id', 'name', 'created_at', 'updated_at']
export const EVENT_KEYS = ['id', 'site_id', 'category', 'message', 'type', 'created_at']

export const sorted = (keys: string[]) => [...keys].sort()

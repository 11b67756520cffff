// What the window-open benchmark reads about a page through Chromium's DevTools protocol,
// attached before the page navigates: the bytes of every WebSocket frame the page receives
// and sends (the bridge's traffic with core), the bytes of the page's files, when the
// document was asked for and when the socket's handshake and first frame left (relative to
// it), and the page's JS heap after a forced collection.
import { Buffer } from 'node:buffer'
import type { CDPSession, Page } from '@playwright/test'

export interface PageMeter {
  /** WebSocket payload bytes received since the meter was attached or last reset. */
  receivedBytes(): number
  sentBytes(): number
  framesReceived(): number
  /** Encoded bytes of the page's HTTP responses (document, scripts, styles). */
  fileBytes(): number
  /** Encoded bytes of the page's document: the web shell writes its primed answers (core's data) into it. */
  documentBytes(): number
  /** Milliseconds from the document's request to the socket's handshake and to its first frame out; null until they happen. */
  socketHandshakeMs(): number | null
  firstFrameSentMs(): number | null
  /** When the last WebSocket frame arrived (performance.now() of this process), for waiting until it is quiet. */
  lastFrameAt(): number
  reset(): void
  /** Every frame since attach (or reset): direction, channel or event, bytes, ms since the document's request. */
  frameLog(): FrameNote[]
  /** The JS heap the page uses after a garbage collection, in bytes. */
  heapUsedAfterGc(): Promise<number>
  detach(): Promise<void>
}

export interface FrameNote {
  dir: 'out' | 'in'
  /** The channel of a call, `#id` of an answer, or the push event's name. */
  what: string
  bytes: number
  atMs: number | null
  /** The frame's first characters, for a push (BENCH_FRAMES=2 prints them). */
  head: string
}

/** What a frame of the shell's protocol is about, read without parsing big answers whole. */
function frameName(payload: string): string {
  const channel = /"channel":"([^"]+)"/.exec(payload.slice(0, 200))
  if (channel) return channel[1]!
  const event = /^\{"event":"([^"]+)"/.exec(payload)
  if (event) return `push ${event[1]}`
  const id = /^\{"id":(\d+)/.exec(payload)
  return id ? `#${id[1]}` : payload.slice(0, 20)
}

interface Timed {
  timestamp: number
}

export async function attachPageMeter(page: Page): Promise<PageMeter> {
  const session: CDPSession = await page.context().newCDPSession(page)
  let received = 0
  let sent = 0
  let frames = 0
  let files = 0
  let documentAt: number | null = null
  let documentId: string | null = null
  let documentBytes = 0
  let handshakeAt: number | null = null
  let firstFrameAt: number | null = null
  let lastFrameAt = performance.now()
  let log: FrameNote[] = []
  const since = (at: number | null) => (at === null || documentAt === null ? null : (at - documentAt) * 1000)

  session.on('Network.requestWillBeSent', (event: Timed & { type?: string; requestId: string }) => {
    // The first document request: a redirect reuses the request, so this is where navigation began.
    if (event.type === 'Document' && documentAt === null) {
      documentAt = event.timestamp
      documentId = event.requestId
    }
  })
  session.on('Network.loadingFinished', (event: { encodedDataLength: number; requestId: string }) => {
    files += event.encodedDataLength
    if (event.requestId === documentId) documentBytes = event.encodedDataLength
  })
  session.on('Network.webSocketWillSendHandshakeRequest', (event: Timed) => {
    handshakeAt ??= event.timestamp
  })
  session.on('Network.webSocketFrameReceived', (event: Timed & { response: { payloadData: string } }) => {
    const bytes = Buffer.byteLength(event.response.payloadData, 'utf8')
    log.push({ dir: 'in', what: frameName(event.response.payloadData), bytes, atMs: since(event.timestamp), head: event.response.payloadData.slice(0, 160) })
    received += bytes
    frames++
    lastFrameAt = performance.now()
  })
  session.on('Network.webSocketFrameSent', (event: Timed & { response: { payloadData: string } }) => {
    const bytes = Buffer.byteLength(event.response.payloadData, 'utf8')
    const id = /^\{"id":(\d+)/.exec(event.response.payloadData)
    log.push({ dir: 'out', what: `${frameName(event.response.payloadData)}${id ? ` #${id[1]}` : ''}`, bytes, atMs: since(event.timestamp), head: event.response.payloadData.slice(0, 160) })
    sent += bytes
    firstFrameAt ??= event.timestamp
  })
  await session.send('Network.enable')
  await session.send('HeapProfiler.enable')

  return {
    receivedBytes: () => received,
    sentBytes: () => sent,
    framesReceived: () => frames,
    fileBytes: () => files,
    documentBytes: () => documentBytes,
    socketHandshakeMs: () => since(handshakeAt),
    firstFrameSentMs: () => since(firstFrameAt),
    lastFrameAt: () => lastFrameAt,
    reset: () => {
      received = 0
      sent = 0
      frames = 0
      log = []
    },
    frameLog: () => log,
    async heapUsedAfterGc() {
      await session.send('HeapProfiler.collectGarbage')
      const usage = (await session.send('Runtime.getHeapUsage')) as { usedSize: number }
      return usage.usedSize
    },
    detach: () => session.detach(),
  }
}

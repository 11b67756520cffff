// Puts a Reply on the wire, at once or trickled: with slowBodyMs the headers go out at once
// and the body follows in a few parts spread over that time, so a client's body timeout
// (idle time between parts = slowBodyMs / parts) and its overall deadline can both be tested.
import type { ServerResponse } from 'node:http'
import type { PendingTimers } from './pending-timers'
import type { Reply } from './replies'

const TRICKLE_PARTS = 5

export async function writeReply(response: ServerResponse, reply: Reply, slowBodyMs: number, timers: PendingTimers): Promise<void> {
  const body = Buffer.from(reply.body ?? '', 'utf8')
  response.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) })
  if (slowBodyMs <= 0 || body.length === 0) {
    response.end(body)
    return
  }
  response.flushHeaders()
  const parts = Math.min(TRICKLE_PARTS, body.length)
  const size = Math.ceil(body.length / parts)
  for (let offset = 0; offset < body.length; offset += size) {
    await timers.sleep(slowBodyMs / parts)
    if (timers.isClosed || response.destroyed) return
    response.write(body.subarray(offset, offset + size))
  }
  response.end()
}

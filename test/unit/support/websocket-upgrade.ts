// Asks a server to upgrade to a WebSocket and tells how it answered: the unit tests of the web
// shell's server and the end-to-end smoke test of the real shell ask the same question.
import WebSocket from 'ws'

/** The status of a refused upgrade, or 101 when the socket opened. */
export function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.once('open', () => {
      socket.close()
      resolve(101)
    })
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      res.resume()
    })
    // After a resolve this is a no-op: a promise settles once.
    socket.once('error', reject)
  })
}

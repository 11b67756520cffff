// Servers the health tests start on loopback: HTTP and HTTPS with a handler of the test's own,
// a TCP server that accepts and stays silent, one that answers garbage, and a closed port.
// Each answers its address; closeAll ends every one a test started.
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { KeyPair } from './test-certificates'

export class LoopbackServers {
  private readonly servers: (Server | TcpServer)[] = []
  private readonly sockets = new Set<Socket>()

  async http(handler: RequestListener, host = '127.0.0.1'): Promise<number> {
    return this.listen(createHttpServer(handler), host)
  }

  async https(pair: KeyPair, handler: RequestListener, host = '127.0.0.1'): Promise<number> {
    return this.listen(createHttpsServer({ key: pair.key, cert: pair.cert }, handler), host)
  }

  /** Accepts connections and never says a word. */
  async silent(host = '127.0.0.1'): Promise<number> {
    return this.listen(createTcpServer(() => undefined), host)
  }

  /** Answers any connection with bytes that are neither HTTP nor TLS. */
  async garbage(host = '127.0.0.1'): Promise<number> {
    return this.listen(
      createTcpServer((socket) => {
        socket.on('error', () => undefined)
        socket.end('\u0000\u00ffthis is not a protocol\r\n')
      }),
      host,
    )
  }

  /** A port nothing listens on (one that was free a moment ago). */
  async closedPort(): Promise<number> {
    const server = createTcpServer()
    const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
    await new Promise((resolve) => server.close(resolve))
    return port
  }

  async closeAll(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await Promise.all(this.servers.map((server) => new Promise((resolve) => server.close(resolve))))
    this.servers.length = 0
  }

  private listen(server: Server | TcpServer, host: string): Promise<number> {
    this.servers.push(server)
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    return new Promise((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)))
  }
}

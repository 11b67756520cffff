// `node --import tsx bench/support/latency-site-server.ts <latency ms>`: the sites of the
// health-cycle bench, in a process of their own so the measuring process's CPU is core's
// alone. Every request, whatever its host, is answered with a small page after the latency;
// the first stdout line is the port (loopback only).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const latencyMs = Number(process.argv[2] ?? 50)
const page = Buffer.from('<!doctype html><title>Site</title><h1>Opening hours</h1>'.padEnd(2048, ' '))
let served = 0
const server = createServer((req, res) => {
  setTimeout(() => {
    served++
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': page.length })
    res.end(page)
  }, latencyMs)
  req.resume()
})
server.keepAliveTimeout = 1000
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`)
})
process.on('SIGTERM', () => {
  process.stderr.write(`served ${served}\n`)
  server.close(() => process.exit(0))
  server.closeAllConnections()
})

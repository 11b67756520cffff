// Reads a response body as text, refusing it as soon as it grows past the cap: a broken or
// hostile server must not be able to fill the app's memory.
import type { Readable } from 'node:stream'

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Body larger than ${maxBytes} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

export async function readBodyCapped(
  body: Readable,
  maxBytes: number,
  declaredLength?: string | string[],
): Promise<{ text: string; bytes: number }> {
  const declared = Number(Array.isArray(declaredLength) ? declaredLength[0] : declaredLength)
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy()
    throw new BodyTooLargeError(maxBytes)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    size += buffer.length
    if (size > maxBytes) {
      body.destroy()
      throw new BodyTooLargeError(maxBytes)
    }
    chunks.push(buffer)
  }
  return { text: Buffer.concat(chunks).toString('utf8'), bytes: size }
}

/** Reads and drops a body we do not need, within the same cap, so the connection can be reused. */
export async function discardBody(body: Readable, maxBytes: number): Promise<void> {
  let size = 0
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length
      if (size > maxBytes) {
        body.destroy()
        return
      }
    }
  } catch {
    // The body of an answer we are not going to use: its failure changes nothing.
  }
}

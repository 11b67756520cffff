// A template's logo: the bytes of the file the person picked, kept only when they are a PNG,
// JPEG or SVG by their first bytes (never by the name the file had) and within the size
// limit. An SVG is later shown only as an <img> (a data: URL), where its scripts never run.
import { REPORT_LOGO_MAX_BYTES } from '../../shared/report'
import { appError } from '../errors'

export type LogoType = 'png' | 'jpeg' | 'svg'

export const LOGO_MIME: Readonly<Record<LogoType, string>> = { png: 'image/png', jpeg: 'image/jpeg', svg: 'image/svg+xml' }

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff]

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((value, at) => bytes[at] === value)
}

/** What the bytes are; an SVG is XML text whose first element is <svg>. */
export function logoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, PNG)) return 'png'
  if (startsWith(bytes, JPEG)) return 'jpeg'
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '')
  // An XML declaration, comments and a doctype may come before the root element.
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '')
  return /^<svg[\s>]/i.test(rest) ? 'svg' : null
}

const refuse = (message: string): never => {
  throw appError({ code: 'invalid_input', message, fields: { logo: [message] } })
}

/** The picked file's bytes checked: its type, or a clear refusal. */
export function checkLogo(base64: string): { bytes: Buffer; type: LogoType } {
  // base64 of the limit is 4/3 as long; anything longer is refused before decoding.
  if (base64.length > Math.ceil((REPORT_LOGO_MAX_BYTES * 4) / 3) + 4) refuse(`The logo is larger than ${REPORT_LOGO_MAX_BYTES / 1024} KB. Choose a smaller image.`)
  const bytes = Buffer.from(base64, 'base64')
  if (bytes.length === 0) refuse('The logo file is empty.')
  if (bytes.length > REPORT_LOGO_MAX_BYTES) refuse(`The logo is larger than ${REPORT_LOGO_MAX_BYTES / 1024} KB. Choose a smaller image.`)
  const type = logoType(bytes)
  if (type === null) refuse('The logo is not a PNG, JPEG or SVG image. Choose one of those.')
  return { bytes, type: type as LogoType }
}

export function logoDataUrl(bytes: Uint8Array, type: LogoType): string {
  return `data:${LOGO_MIME[type]};base64,${Buffer.from(bytes).toString('base64')}`
}

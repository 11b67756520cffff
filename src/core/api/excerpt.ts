// A short, readable piece of a response body for error messages. The token is blanked out
// before anything else happens: a misconfigured server or proxy may echo request headers into
// an error page, and error messages travel to the renderer and into logs.

const MAX_EXCERPT = 120

export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret !== '') out = out.split(secret).join('[redacted]')
  }
  return out
}

/** The <title> of an HTML page if there is one, otherwise the text with tags removed. */
function readableText(body: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1]
  const text = title ?? body.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')
  return text.replace(/\s+/g, ' ').trim()
}

export function excerpt(body: string, secrets: readonly string[]): string {
  const text = readableText(redact(body, secrets))
  if (text === '') return '(empty body)'
  // Redact again: removing tags may have joined the pieces of a secret back together.
  const clean = redact(text, secrets)
  return clean.length > MAX_EXCERPT ? `${clean.slice(0, MAX_EXCERPT)}…` : clean
}

// Excerpts of response bodies for error messages: readable, short, never the token, and taken
// in time linear in a bounded prefix, so that no body (the transport lets 5 MiB through) can
// freeze core while a message is being written.
import { describe, expect, it } from 'vitest'
import { excerpt } from '../../../../src/core/api/excerpt'

const MiB = 1024 * 1024
const SECRET = 'excerpt-secret-token-0123456789'

/** Bodies that made tag-stripping regexes backtrack: each is 5 MiB long. */
const ADVERSARIAL: Record<string, string> = {
  'only <': '<'.repeat(5 * MiB),
  '<a repeated': '<a'.repeat(2.5 * MiB),
  'an unclosed tag': `<div class="${'x'.repeat(5 * MiB - 20)}`,
  'nested unclosed scripts': '<script>'.repeat((5 * MiB) / 8),
  'unclosed titles': '<title>'.repeat(Math.floor((5 * MiB) / 7)),
  'unclosed comments and styles': '<!--<style>'.repeat(Math.floor((5 * MiB) / 11)),
  'tags without ends': '<<<<>'.repeat((5 * MiB) / 5),
  'whitespace': ' \n\t'.repeat(Math.floor((5 * MiB) / 3)),
  'plain text': 'a'.repeat(5 * MiB),
}

describe('excerpt', () => {
  for (const [shape, body] of Object.entries(ADVERSARIAL)) {
    it(`takes well under a second for 5 MiB of ${shape}`, () => {
      const started = performance.now()
      const text = excerpt(body, [SECRET])
      const took = performance.now() - started
      expect(took).toBeLessThan(500)
      expect(text.length).toBeLessThanOrEqual(121)
    })
  }

  it('prefers the title of an HTML page and says so briefly', () => {
    expect(excerpt('<html><head><TITLE lang="en">502 Bad Gateway</TITLE></head><body><h1>nginx</h1></body></html>', [])).toBe('502 Bad Gateway')
  })

  it('drops scripts, styles and tags, and keeps a lone < of plain text', () => {
    const page = '<html><style>p { color: red }</style><script>var x = "<b>"</script><p>Down for <b>maintenance</b></p></html>'
    expect(excerpt(page, [])).toBe('Down for maintenance')
    expect(excerpt('Error: 3 < 4 and a<b', [])).toBe('Error: 3 < 4 and a<b')
    expect(excerpt('   ', [])).toBe('(empty body)')
  })

  it('cuts at 120 characters', () => {
    expect(excerpt('word '.repeat(100), [])).toBe(`${'word '.repeat(24).slice(0, 120)}…`)
  })

  it('never shows a secret, even one that straddles the end of the prefix or is split by tags', () => {
    for (let at = 4000; at < 4200; at += 7) {
      const body = `${'a '.repeat(at / 2)}${SECRET}${' b'.repeat(3000)}`
      // A body whose readable text starts late: the prefix the excerpt reads ends near the secret.
      const late = `<p>${'<i></i>'.repeat(Math.floor(at / 7))}${SECRET}</p>`
      for (const text of [excerpt(body, [SECRET]), excerpt(late, [SECRET])]) {
        expect(text).not.toContain(SECRET.slice(0, 12))
      }
    }
    expect(excerpt(`<title>${SECRET.slice(0, 10)}<b>${SECRET.slice(10)}</b></title>`, [SECRET])).not.toContain(SECRET)
    expect(excerpt(`x ${SECRET.slice(0, 10)}<!----><b>${SECRET.slice(10)}</b> y`, [SECRET])).not.toContain(SECRET)
  })
})

// The rules of the build's stylesheets a kept screen's markup can use (web/picture-styles.ts),
// which the shell writes into the page so the picture paints without waiting for the stylesheets.
import { describe, expect, it } from 'vitest'
import { pictureRules } from '../../../src/web/picture-styles'
import { markupKeys, parseStyleItems } from '../../../src/web/style-selectors'

/** The picture's rules of a stylesheet's text, as the shell picks them (it parses each stylesheet once). */
const pictureRulesOf = (css: string, html: string) => pictureRules(parseStyleItems(css), markupKeys(html))

const PICTURE = '<div class="shell" data-v-0f57d35e=""><table class="sites-table" data-v-02fab4fb=""><tr class="site-row" data-v-02fab4fb=""><td>x</td></tr></table></div>'

describe('pictureRulesOf', () => {
  it('keeps the rules that can match the picture, whole and in order, and drops the others', () => {
    const css = ':root{--bg:light-dark(#fff,#000)}.dialog[data-v-1a833ffb]{padding:8px}.shell[data-v-0f57d35e]{display:grid}body{margin:0}.toast{color:red}.site-row[data-v-02fab4fb] td{height:34px}'
    expect(pictureRulesOf(css, PICTURE)).toBe(':root{--bg:light-dark(#fff,#000)}.shell[data-v-0f57d35e]{display:grid}body{margin:0}.site-row[data-v-02fab4fb] td{height:34px}')
  })

  it('keeps a rule for the selector of its list that matches, and none needing a hover or focus the inert picture never has', () => {
    expect(pictureRulesOf('.toast,.site-row{color:red}.site-row:hover{color:blue}.shell:focus-within .site-row{outline:0}', PICTURE)).toBe('.toast,.site-row{color:red}')
  })

  it('keeps an @media block with only its matching rules, and leaves out one with none', () => {
    const css = '@media (max-width:760px){.toast{top:0}.sites-table[data-v-02fab4fb]{width:100%}}@media print{.toast{display:none}}'
    expect(pictureRulesOf(css, PICTURE)).toBe('@media (max-width:760px){.sites-table[data-v-02fab4fb]{width:100%}}')
  })

  it('keeps @keyframes and @font-face as they are (they select nothing, and a kept rule may name them)', () => {
    const css = '@keyframes spin{to{transform:rotate(1turn)}}.site-row{animation:spin 1s}@font-face{font-family:x;src:url(x.woff2)}'
    expect(pictureRulesOf(css, PICTURE)).toBe(css)
  })

  it('gives nothing for an empty stylesheet or one of another view', () => {
    expect(pictureRulesOf('', PICTURE)).toBe('')
    expect(pictureRulesOf('.tag-table[data-v-99999999]{width:100%}', PICTURE)).toBe('')
  })
})

// What a stylesheet's selectors require of a kept screen's markup (web/style-selectors.ts): every
// scope mark and class a selector names outside parentheses, read from the build's minified CSS.
import { describe, expect, it } from 'vitest'
import { markupKeys, parseStyleItems, selectorKeys, stylesAny } from '../../../src/web/style-selectors'

const sorted = (css: string) => selectorKeys(css).map((keys) => [...keys].sort())

describe('selectorKeys', () => {
  it('gives each selector of a rule its scope marks and classes', () => {
    expect(sorted('.a[data-v-0123abcd]>.b-c,td{margin:.5rem}')).toEqual([['a', 'b-c', 'data-v-0123abcd'], []])
    expect(sorted('body{margin:0}.x .y{color:red}')).toEqual([[], ['x', 'y']])
  })

  it('reads the rules inside @media, @supports and @container, and skips @keyframes and @font-face', () => {
    const css = '@media (max-width:760px){.scroller[data-v-11111111]{flex:none}}@supports (display:grid){.grid{display:grid}}' +
      '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}@font-face{font-family:x;src:url(x.woff2)}@container (width>1px){.c{color:red}}'
    expect(sorted(css)).toEqual([['data-v-11111111', 'scroller'], ['grid'], ['c']])
  })

  it('requires no class named inside parentheses, and none of a selector with an escape', () => {
    expect(sorted('.row:not(.selected),.a:is(.b,.c){color:red}')).toEqual([['row'], ['a']])
    expect(sorted('.md\\:flex{display:flex}')).toEqual([[]])
  })

  it('requires a state of interaction (:hover, :focus…, :active) outside parentheses as a name no markup holds', () => {
    expect(sorted('.btn:hover:not(:disabled),.a:focus-visible .b,.c:focus-within,.d:active,.e:not(:hover){color:red}')).toEqual([
      [':hover', 'btn'],
      [':focus-visible', 'a', 'b'],
      [':focus-within', 'c'],
      [':active', 'd'],
      ['e'],
    ])
    expect(stylesAny(selectorKeys('.btn:hover{color:red}'), markupKeys('<button class="btn">x</button>'))).toBe(false)
  })

  it('is not misled by braces and commas in strings, comments or declarations', () => {
    expect(sorted('/* .gone{} */.q::before{content:"}{,.z"}.r[title="a,b"]{color:red}')).toEqual([['q'], ['r']])
  })
})

describe('parseStyleItems', () => {
  it('keeps each rule whole with its keys, the rules of grouping at-rules inside them, and other at-rules as they are', () => {
    const css = '@charset "utf-8";.a{color:red}@media (max-width:760px){.b[data-v-11111111]{flex:none}}@keyframes spin{to{transform:rotate(1turn)}}/* c */td{padding:0}'
    expect(parseStyleItems(css)).toEqual([
      { kind: 'other', text: '@charset "utf-8";' },
      { kind: 'rule', keys: [['a']], text: '.a{color:red}' },
      { kind: 'group', prelude: '@media (max-width:760px)', items: [{ kind: 'rule', keys: [['data-v-11111111', 'b']], text: '.b[data-v-11111111]{flex:none}' }] },
      { kind: 'other', text: '@keyframes spin{to{transform:rotate(1turn)}}' },
      { kind: 'rule', keys: [[]], text: 'td{padding:0}' },
    ])
  })

  it('reads a block with braces in its strings whole, and a block that never closes to the end', () => {
    expect(parseStyleItems('.q:before{content:"}{"}.r{color:red')).toEqual([
      { kind: 'rule', keys: [['q']], text: '.q:before{content:"}{"}' },
      { kind: 'rule', keys: [['r']], text: '.r{color:red' },
    ])
  })
})

describe('markupKeys', () => {
  it('gives the scope marks and class names a markup holds', () => {
    expect([...markupKeys('<tr class="site-row  selected" data-v-5a1b2c3d=""><td class="cell-name">x</td></tr>')].sort()).toEqual(['cell-name', 'data-v-5a1b2c3d', 'selected', 'site-row'])
  })
})

describe('stylesAny', () => {
  const picture = markupKeys('<tr class="site-row" data-v-5a1b2c3d=""><td class="cell-name"><input class="input"><button class="btn"></button></td></tr>')

  it('is true when some selector’s every name is in the markup, or a selector names none', () => {
    expect(stylesAny(selectorKeys('.site-row[data-v-5a1b2c3d] .cell-name{color:red}'), picture)).toBe(true)
    expect(stylesAny(selectorKeys('html{color:red}'), picture)).toBe(true)
  })

  it('is false for a sheet sharing class names with the markup under its own scope mark', () => {
    // A lazy component's sheet: ".input" and ".btn" are in the picture, its mark is not.
    expect(stylesAny(selectorKeys('.secret-input .input[data-v-1a833ffb]{padding-right:40px}.bar[data-v-cb8b778c] .btn:focus-visible{outline:none}'), picture)).toBe(false)
    expect(stylesAny(selectorKeys(''), picture)).toBe(false)
  })
})

// The house's checks as lint rules over the syntax tree, so a call written over several lines
// is read as the same call (the line-by-line scanners they replace missed it): no sleeps and no
// empty presence checks in tests, and every Pinia setup store returning all its state.
// test/unit/lint/house-rules.test.ts proves each with RuleTester.

/** Waits on the wall clock up to this long are let be (a tick, a frame); longer ones are not. */
export const SLEEP_LIMIT_MS = 50

/** The usual names of a sleep helper; a file's own helper is found by what it does. */
const HELPER_NAMES = ['sleep', 'delay', 'wait', 'pause']

/** The number a literal argument holds, or undefined. */
function literalMs(node) {
  return node?.type === 'Literal' && typeof node.value === 'number' ? node.value : undefined
}

function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name
  return undefined
}

/** `setTimeout(resolve, ms)`: a timer whose callback is a bare name, so it only settles a promise. */
function isTimerResolve(node) {
  return node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'setTimeout' && node.arguments[0]?.type === 'Identifier'
}

/** Whether a function's body holds `setTimeout(<name>, <one of its parameters>)`. */
function wrapsTimer(fn, visitorKeys) {
  const params = new Set(fn.params.filter((p) => p.type === 'Identifier').map((p) => p.name))
  let found = false
  const visit = (node) => {
    if (found || node === null || typeof node !== 'object') return
    if (isTimerResolve(node) && node.arguments[1]?.type === 'Identifier' && params.has(node.arguments[1].name)) {
      found = true
      return
    }
    for (const key of visitorKeys[node.type] ?? []) {
      const child = node[key]
      if (Array.isArray(child)) child.forEach(visit)
      else visit(child)
    }
  }
  visit(fn.body)
  return found
}

const noLongSleeps = {
  meta: {
    type: 'problem',
    docs: { description: `No test waits on the wall clock for longer than ${SLEEP_LIMIT_MS} ms` },
    schema: [],
    messages: {
      sleep:
        'A wait of {{ms}} ms on the wall clock: slow when the machine is idle, flaky when it is loaded. Wait for the event it means (expect.poll, vi.waitFor, a promise the code settles) or move a fake clock.',
    },
  },
  create(context) {
    const helpers = new Set(HELPER_NAMES)
    /** Calls of a name with a literal duration: reported at the end if the name is a sleep helper. */
    const helperCalls = []
    const report = (node, ms) => {
      if (ms !== undefined && ms > SLEEP_LIMIT_MS) context.report({ node, messageId: 'sleep', data: { ms: String(ms) } })
    }
    const noteHelper = (name, fn) => {
      if (name && fn && (fn.type === 'ArrowFunctionExpression' || fn.type === 'FunctionExpression' || fn.type === 'FunctionDeclaration') && wrapsTimer(fn, context.sourceCode.visitorKeys)) helpers.add(name)
    }
    return {
      FunctionDeclaration(node) {
        noteHelper(node.id?.name, node)
      },
      VariableDeclarator(node) {
        if (node.id.type === 'Identifier') noteHelper(node.id.name, node.init)
      },
      CallExpression(node) {
        const name = calleeName(node.callee)
        const first = literalMs(node.arguments[0])
        // Playwright's fixed wait.
        if (name === 'waitForTimeout') return report(node, first)
        // node:timers/promises' scheduler.wait(ms).
        if (node.callee.type === 'MemberExpression' && name === 'wait' && node.callee.object.type === 'Identifier' && node.callee.object.name === 'scheduler') return report(node, first)
        if (node.callee.type !== 'Identifier') return
        // new Promise((resolve) => setTimeout(resolve, ms)); a timer that does something else
        // when it fires (a watchdog, a deadline) is no sleep.
        if (isTimerResolve(node)) return report(node, literalMs(node.arguments[1]))
        // node:timers/promises' setTimeout(ms); test.setTimeout(ms) is a limit, a member call.
        if (name === 'setTimeout') return report(node, first)
        if (first !== undefined) helperCalls.push({ node, name, ms: first })
      },
      'Program:exit'() {
        for (const call of helperCalls) if (helpers.has(call.name)) report(call.node, call.ms)
      },
    }
  },
}

const QUERY = /^(?:get|find)(?:All)?By\w+$/

const noEmptyPresenceChecks = {
  meta: {
    type: 'problem',
    docs: { description: 'A getBy/findBy result is not checked only for being there' },
    schema: [],
    messages: {
      empty:
        'A getBy… or findBy… query already fails when the element is missing, so toBeTruthy() asserts nothing more: say what the person sees (toBeVisible, the text, the state).',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        if (calleeName(node.callee) !== 'toBeTruthy' || node.callee.type !== 'MemberExpression') return
        const expectCall = node.callee.object
        if (expectCall.type !== 'CallExpression' || calleeName(expectCall.callee) !== 'expect') return
        let checked = expectCall.arguments[0]
        if (checked?.type === 'AwaitExpression') checked = checked.argument
        if (checked?.type === 'CallExpression' && QUERY.test(calleeName(checked.callee) ?? '')) context.report({ node, messageId: 'empty' })
      },
    }
  },
}

/** What makes state in a setup store (eslint-plugin-pinia's rule knows only ref and reactive). */
const STATE_MAKERS = new Set(['ref', 'shallowRef', 'reactive', 'shallowReactive', 'customRef'])

const setupStoreReturnsState = {
  meta: {
    type: 'problem',
    docs: { description: 'A Pinia setup store returns every piece of its state' },
    schema: [],
    messages: {
      missing: "The store's state {{name}} is not returned, so devtools, $reset and SSR cannot see it: return it too.",
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        if (calleeName(node.callee) !== 'defineStore') return
        const setup = node.arguments.find((arg) => arg.type === 'ArrowFunctionExpression' || arg.type === 'FunctionExpression')
        if (setup === undefined || setup.body.type !== 'BlockStatement') return
        const state = []
        for (const statement of setup.body.body) {
          if (statement.type !== 'VariableDeclaration') continue
          for (const declarator of statement.declarations) {
            const init = declarator.init
            if (declarator.id.type === 'Identifier' && init?.type === 'CallExpression' && STATE_MAKERS.has(calleeName(init.callee) ?? '')) state.push(declarator.id)
          }
        }
        const returned = setup.body.body.find((statement) => statement.type === 'ReturnStatement')
        if (returned?.argument?.type !== 'ObjectExpression') return
        const names = new Set()
        for (const property of returned.argument.properties) {
          if (property.type === 'Property' && property.value.type === 'Identifier') names.add(property.value.name)
          // A spread may return anything: the store's state cannot be told apart then.
          if (property.type === 'SpreadElement') return
        }
        for (const id of state) if (!names.has(id.name)) context.report({ node: id, messageId: 'missing', data: { name: id.name } })
      },
    }
  },
}

export const house = {
  meta: { name: 'house' },
  rules: {
    'no-long-sleeps': noLongSleeps,
    'no-empty-presence-checks': noEmptyPresenceChecks,
    'setup-store-returns-state': setupStoreReturnsState,
  },
}

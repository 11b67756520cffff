// Layers inside a room (DESIGN.md, "The rooms"): a room's folders in order, lowest first, each
// importing only the folders below it; and, in the renderer, only stores/ calling core. The
// layers are data in eslint.config.js (LAYERS); test/unit/lint/layers.test.ts proves each rule.
import { dirname, join, relative, sep } from 'node:path'

/** The layer folder a project path is in (its first folder under `base`), or undefined. */
function layerOf(path, base, order) {
  const inside = relative(base, path)
  if (inside.startsWith('..') || inside === '') return undefined
  const first = inside.split(sep)[0]
  return order.includes(first) ? first : undefined
}

/** The project path an import names, without its extension; undefined for a package. */
function importedPath(file, source) {
  if (typeof source !== 'string' || !source.startsWith('.')) return undefined
  return join(dirname(file), source).replace(/\.(ts|vue|js)$/, '').replace(/[\\/]index$/, '')
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: "A room's layers import only the layers below them" },
    schema: [
      {
        type: 'object',
        properties: {
          room: { type: 'string' },
          base: { type: 'string' },
          order: { type: 'array', items: { type: 'string' } },
          coreGateway: { type: 'string' },
          coreCallers: { type: 'string' },
        },
        required: ['room', 'base', 'order'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward: '{{from}} may not import {{to}}: the layers of {{room}} are {{order}}, each importing only those before it (DESIGN.md, the rooms)',
      coreCall: 'Only {{callers}} call core: {{what}} in {{from}} belongs in a store (DESIGN.md, the rooms)',
    },
  },
  create(context) {
    const { room, base, order, coreGateway, coreCallers } = context.options[0]
    const file = relative(context.cwd, context.filename)
    const fromLayer = layerOf(file, base, order)
    if (fromLayer === undefined) return {}
    const fromIndex = order.indexOf(fromLayer)
    const gateway = coreGateway === undefined ? undefined : join(base, coreGateway)
    const callsCore = coreCallers === undefined || fromLayer === coreCallers
    const check = (node, source, names) => {
      const target = importedPath(file, source)
      if (target === undefined) return
      const toLayer = layerOf(target, base, order)
      if (toLayer !== undefined && order.indexOf(toLayer) > fromIndex) {
        context.report({ node, messageId: 'upward', data: { from: join(base, fromLayer), to: join(base, toLayer), room, order: order.join(' < ') } })
      }
      if (!callsCore && target === gateway && names.includes('useApi')) {
        context.report({ node, messageId: 'coreCall', data: { callers: `${join(base, coreCallers)}/`, what: 'useApi()', from: join(base, fromLayer) } })
      }
    }
    const importedNames = (node) =>
      (node.specifiers ?? []).map((s) => (s.type === 'ImportSpecifier' || s.type === 'ExportSpecifier' ? (s.imported?.name ?? s.local?.name) : s.local?.name))
    return {
      ImportDeclaration: (node) => check(node, node.source.value, importedNames(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, importedNames(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value, ['useApi']),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, ['useApi']),
      MemberExpression(node) {
        if (callsCore || node.object.type !== 'Identifier' || node.object.name !== 'window') return
        if (node.property.type === 'Identifier' && node.property.name === 'api' && !node.computed) {
          context.report({ node, messageId: 'coreCall', data: { callers: `${join(base, coreCallers)}/`, what: 'window.api', from: join(base, fromLayer) } })
        }
      },
    }
  },
}

export const layersPlugin = { meta: { name: 'layers' }, rules: { layers } }

/**
 * One lint config per layered room: its files checked against its order.
 * @param {Array<{ room: string, base: string, order: string[], coreGateway?: string, coreCallers?: string }>} rooms
 */
export function layerConfigs(rooms) {
  return rooms.map(({ room, base, order, coreGateway, coreCallers }) => ({
    files: [`${base}/**/*.{ts,vue}`],
    plugins: { layers: layersPlugin },
    rules: { 'layers/layers': ['error', { room, base, order, ...(coreGateway ? { coreGateway, coreCallers } : {}) }] },
  }))
}

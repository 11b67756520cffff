// An export's columns are the table's: the shown columns in the person's order, Health among
// them where the layout puts it (after Status by default), and not when it is hidden.
import { describe, expect, it } from 'vitest'
import { useExportColumns } from '../../../../../src/renderer/src/components/sites/export-columns'
import { useSiteColumnsStore } from '../../../../../src/renderer/src/stores/site-columns'
import { createFakeApi, memoryCore } from '../../support/fake-api'
import { storePinia } from '../../support/mount'

function setup() {
  storePinia(createFakeApi(memoryCore({ a: {} }).methods))
  return { columns: useSiteColumnsStore(), exportColumns: useExportColumns() }
}

describe('useExportColumns', () => {
  it('holds the columns the table shows, Health right after Status by default', () => {
    const { exportColumns } = setup()
    expect(exportColumns('a')).toEqual(['name', 'url', 'status', 'health', 'updates', 'php', 'mysql', 'web', 'tags', 'lastCheck'])
  })

  it('follows Health where the person moved it, and leaves it out when hidden', () => {
    const { columns, exportColumns } = setup()
    columns.move('a', 'health', 1)
    expect(exportColumns('a').slice(0, 5)).toEqual(['name', 'url', 'status', 'updates', 'health'])
    columns.hide('a', 'health')
    expect(exportColumns('a')).not.toContain('health')
  })
})

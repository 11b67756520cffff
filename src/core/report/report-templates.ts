// Report templates (white label), kept in the data folder: reports/templates.json lists them
// and reports/logos/<id>.<type> holds each logo's bytes as picked. Writes are atomic; a
// damaged list reads as none rather than stopping reports.
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../../node-utils/atomic-write'
import { accentProblem } from '../../shared/report-accent'
import type { ReportTemplate, ReportTemplateSave } from '../../shared/report'
import { appError } from '../errors'
import { checkLogo, logoDataUrl, type LogoType } from './logo-file'

interface StoredTemplate extends Omit<ReportTemplate, 'logo'> {
  logo: LogoType | null
}

export class ReportTemplates {
  private readonly folder: string
  private queue: Promise<unknown> = Promise.resolve()

  constructor(dataDir: string) {
    this.folder = join(dataDir, 'reports')
  }

  async list(): Promise<ReportTemplate[]> {
    const stored = await this.read()
    return Promise.all(stored.map((template) => this.withLogo(template)))
  }

  /** Saves (adds, or changes the one with `id`); one at a time, so two saves never lose one. */
  save(input: ReportTemplateSave): Promise<ReportTemplate> {
    const run = this.queue.then(() => this.saveNow(input))
    this.queue = run.catch(() => undefined)
    return run
  }

  remove(id: string): Promise<void> {
    const run = this.queue.then(async () => {
      const stored = await this.read()
      const found = stored.find((t) => t.id === id)
      if (found === undefined) throw appError({ code: 'not_found', message: 'That report template no longer exists.' })
      await this.write(stored.filter((t) => t.id !== id))
      if (found.logo !== null) await rm(this.logoPath(id, found.logo), { force: true })
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  private async saveNow(input: ReportTemplateSave): Promise<ReportTemplate> {
    const problem = accentProblem(input.accent)
    if (problem !== null) throw appError({ code: 'invalid_input', message: problem, fields: { accent: [problem] } })
    const stored = await this.read()
    const previous = input.id === undefined ? undefined : stored.find((t) => t.id === input.id)
    if (input.id !== undefined && previous === undefined) throw appError({ code: 'not_found', message: 'That report template no longer exists.' })
    const id = previous?.id ?? randomUUID()
    // The logo is checked before anything is written, so a bad file changes nothing.
    const logo = input.logo !== null && input.logo !== 'keep' ? checkLogo(input.logo.base64) : null
    let logoType: LogoType | null = input.logo === 'keep' ? (previous?.logo ?? null) : (logo?.type ?? null)
    if (logo !== null) {
      await mkdir(join(this.folder, 'logos'), { recursive: true, mode: 0o700 })
      const path = this.logoPath(id, logo.type)
      await writeFile(`${path}.tmp`, logo.bytes, { mode: 0o600 })
      await rename(`${path}.tmp`, path)
    }
    if (previous?.logo && previous.logo !== logoType) await rm(this.logoPath(id, previous.logo), { force: true })
    if (input.logo === null) logoType = null
    const template: StoredTemplate = {
      id,
      name: input.name.trim() || 'Untitled',
      agencyName: input.agencyName.trim(),
      accent: input.accent.toLowerCase(),
      coverLine: input.coverLine.trim(),
      footer: input.footer.trim(),
      showAppName: input.showAppName,
      logo: logoType,
    }
    await this.write(previous ? stored.map((t) => (t.id === id ? template : t)) : [...stored, template])
    return this.withLogo(template)
  }

  private logoPath(id: string, type: LogoType): string {
    return join(this.folder, 'logos', `${id}.${type}`)
  }

  private async withLogo(template: StoredTemplate): Promise<ReportTemplate> {
    if (template.logo === null) return { ...template, logo: null }
    const bytes = await readFile(this.logoPath(template.id, template.logo)).catch(() => null)
    return { ...template, logo: bytes === null ? null : logoDataUrl(bytes, template.logo) }
  }

  private async read(): Promise<StoredTemplate[]> {
    const text = await readFile(join(this.folder, 'templates.json'), 'utf8').catch(() => null)
    if (text === null) return []
    try {
      const list = (JSON.parse(text) as { templates?: unknown }).templates
      return Array.isArray(list) ? (list as StoredTemplate[]).filter((t) => typeof t?.id === 'string' && typeof t.agencyName === 'string') : []
    } catch {
      return []
    }
  }

  private async write(templates: readonly StoredTemplate[]): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 })
    await writeFileAtomic(join(this.folder, 'templates.json'), `${JSON.stringify({ templates }, null, 2)}\n`)
  }
}

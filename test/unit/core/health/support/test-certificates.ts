// Certificates made for the health tests by the openssl command line: a test CA, and leaf
// certificates it signs for loopback (localhost, 127.0.0.1, ::1) with the validity asked for,
// one for another host, and a self-signed one. Made once per test file in a temporary folder.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface KeyPair {
  key: string
  cert: string
}

export interface TestCertificates {
  ca: string
  valid: KeyPair
  expiringIn5Days: KeyPair
  expired: KeyPair
  wrongHost: KeyPair
  selfSigned: KeyPair
  dispose(): void
}

const LOOPBACK_NAMES = 'subjectAltName=DNS:localhost,DNS:site.test,IP:127.0.0.1,IP:::1'

export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'health-certs-'))
  const run = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  }
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/O=Health Test CA/CN=Health Test CA')
  writeFileSync(join(dir, 'index.txt'), '')
  writeFileSync(join(dir, 'serial'), '1000\n')
  writeFileSync(
    join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = test',
      '[test]',
      `dir = ${dir}`,
      'database = $dir/index.txt',
      'serial = $dir/serial',
      'new_certs_dir = $dir',
      'certificate = $dir/ca.pem',
      'private_key = $dir/ca.key',
      'default_md = sha256',
      'policy = any',
      'unique_subject = no',
      'copy_extensions = none',
      '[any]',
      'commonName = supplied',
      '',
    ].join('\n'),
  )
  const leaf = (name: string, names: string, start: Date, end: Date): KeyPair => {
    writeFileSync(join(dir, `${name}.ext`), `${names}\n`)
    run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`)
    run('ca', '-config', 'ca.cnf', '-batch', '-notext', '-in', `${name}.csr`, '-out', `${name}.pem`, '-startdate', stamp(start), '-enddate', stamp(end), '-extfile', `${name}.ext`)
    return { key: readFileSync(join(dir, `${name}.key`), 'utf8'), cert: readFileSync(join(dir, `${name}.pem`), 'utf8') }
  }
  const now = Date.now()
  const day = 86_400_000
  const valid = leaf('valid', LOOPBACK_NAMES, new Date(now - day), new Date(now + 90 * day))
  const expiringIn5Days = leaf('expiring', LOOPBACK_NAMES, new Date(now - day), new Date(now + 5 * day + 3_600_000))
  const expired = leaf('expired', LOOPBACK_NAMES, new Date(now - 60 * day), new Date(now - 2 * day))
  const wrongHost = leaf('elsewhere', 'subjectAltName=DNS:elsewhere.example', new Date(now - day), new Date(now + 90 * day))
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'self.key', '-out', 'self.pem', '-days', '30', '-subj', '/CN=localhost', '-addext', LOOPBACK_NAMES)
  const selfSigned = { key: readFileSync(join(dir, 'self.key'), 'utf8'), cert: readFileSync(join(dir, 'self.pem'), 'utf8') }
  return {
    ca: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    valid,
    expiringIn5Days,
    expired,
    wrongHost,
    selfSigned,
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** openssl ca's time form: YYYYMMDDHHMMSSZ. */
function stamp(at: Date): string {
  return `${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`
}

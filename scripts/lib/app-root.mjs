// The repository root, whichever folder a script is started from.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const appRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

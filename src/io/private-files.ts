import { randomBytes } from 'node:crypto'
import fs from 'node:fs'

// The data directory holds the master key (secret.key) and the embedded database's passwords (the
// owner's embedded-postgres.json, the runtime role's embedded-postgres-runtime.json). Like ssh with a
// private key, we refuse to use such a file when others may read it, rather than use it silently: the
// operator learns of the exposure and fixes it once.

/** Windows has no POSIX modes (fs reports 0666 for every file): there the checks would refuse all. */
const modesApply = process.platform !== 'win32'

export function octalMode(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0')
}

// What shopapi keeps in its data directory (and the `.tmp` files it writes aside for a moment).
const dataDirectoryEntries = new Set([
  'secret.key',
  'embedded-postgres.json',
  'embedded-postgres-runtime.json',
  'postgres',
])

/**
 * Creates the data directory `dir` (and missing parents) with mode 0700. An existing one that its group
 * may use or others may list or write is tightened to 0700, keeping o+x (which only lets others reach
 * files whose own modes protect them, and which the embedded database needs when run as root), when it
 * holds nothing but shopapi's files: one made by an earlier version was 0755. A shared directory
 * (/tmp, a home) is refused rather than changed. Returns a sentence saying when it tightened one.
 */
export function ensureDataDirectory(dir: string): string | null {
  const created = fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  if (!modesApply) return null
  if (created !== undefined) {
    // The umask could only have removed bits; make the mode exactly 0700 whatever it is.
    fs.chmodSync(dir, 0o700)
    return null
  }
  const { mode } = fs.statSync(dir)
  if ((mode & 0o076) === 0) return null
  const ours = fs.readdirSync(dir).every((name) => dataDirectoryEntries.has(name) || name.endsWith('.tmp'))
  if (!ours) {
    throw new Error(
      `The data directory '${dir}' (${octalMode(mode)}) is open to others and holds other files: set SHOPAPI_DATA_DIR to a directory of its own, or run chmod 700 ${dir}`,
    )
  }
  const tightened = mode & 0o7701
  try {
    fs.chmodSync(dir, tightened)
  } catch {
    throw new Error(`Permissions ${octalMode(mode)} for '${dir}' are too open: run chmod 700 ${dir}`)
  }
  return `Tightened the data directory ${dir} from ${octalMode(mode)} to ${octalMode(tightened)}: it holds secrets`
}

/**
 * The content of `file`, which only its owner may read or write; refused with the chmod that fixes it
 * otherwise. The mode is checked on the opened file, so it cannot change between check and read.
 */
export function readPrivateFile(file: string): string {
  const fd = fs.openSync(file, 'r')
  try {
    const { mode } = fs.fstatSync(fd)
    if (modesApply && (mode & 0o077) !== 0) {
      throw new Error(`Permissions ${octalMode(mode)} for '${file}' are too open: run chmod 600 ${file}`)
    }
    return fs.readFileSync(fd, 'utf8')
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * `readPrivateFile(file)`, creating it first (mode 0600) with `content()` when it does not exist. The
 * file appears complete or not at all (written aside, then hard-linked into place), and when several
 * processes start at once the first link wins and everyone reads that one.
 */
export function readOrCreatePrivateFile(file: string, content: () => string): string {
  if (!fs.existsSync(file)) {
    const aside = `${file}.${randomBytes(6).toString('hex')}.tmp`
    fs.writeFileSync(aside, content(), { mode: 0o600, flag: 'wx' })
    try {
      fs.linkSync(aside, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      fs.rmSync(aside, { force: true })
    }
  }
  return readPrivateFile(file)
}

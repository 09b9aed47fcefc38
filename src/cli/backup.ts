import { lchown, lstat, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.js'
import { type Database, migrateDatabase } from '../db/connect.js'
import { embeddedPostgresMajor, openEmbeddedDatabase, restoredClusterOwner } from '../db/embedded.js'
import {
  databaseLabel,
  dumpDatabase,
  findPostgresTool,
  requireEmptyDatabase,
  requireToolMajor,
  restoreDatabase,
  serverMajor,
} from '../db/logical-backup.js'
import { appliedMigrationIds, listMigrationFiles } from '../db/migrate.js'
import { dataDirectoryMajor, takePhysicalBackup } from '../db/physical-backup.js'
import { archiveWriter, extractArchive, readArchiveEntries } from '../io/backup-archive.js'
import { openOutputFile } from '../io/output-files.js'
import { ensureDataDirectory, readOrCreatePrivateFile, readPrivateFile } from '../io/private-files.js'
import { loadMasterKey, secretKeyFileName } from '../io/secret-key.js'
import { UsageError } from '../lib/errors.js'
import {
  minimumPassphraseLength,
  openWithPassphrase,
  type PassphraseSeal,
  sealWithPassphrase,
} from '../lib/passphrase-seal.js'

// `shopapi backup` and `shopapi restore` (docs/decisions/operations.md "Backups"): one tar file
// holding the sealed secret key first, then the data (the embedded cluster's files and WAL, or an
// external database's pg_dump), and manifest.json last, so an archive cut short has no manifest and
// is refused as incomplete.

export const backupFormatVersion = 1
const manifestEntry = 'manifest.json'
const sealedKeyEntry = 'secret.key.sealed'
const dumpEntry = 'database.dump'
const clusterPrefix = 'postgres'
/** The embedded database's password files: the restored cluster's roles have these passwords. */
const credentialFiles = ['embedded-postgres.json', 'embedded-postgres-runtime.json']
/** What a data directory holds once used: a restore into one holding any of these is refused. */
const dataDirectoryFiles = [...credentialFiles, clusterPrefix, secretKeyFileName]

export interface BackupManifest {
  format: 'shopapi-backup'
  format_version: number
  shopapi_version: string
  /**
   * physical: the embedded cluster's files and WAL; logical: pg_dump of an external database, or of the
   * embedded one with `--logical` (to cross PostgreSQL major versions, or to move to an external server).
   */
  kind: 'physical' | 'logical'
  /** The migrations applied to the database when it was backed up (its schema level). */
  schema: { migrations: number[] }
  postgres_major: number
  /** logical: the major version of the pg_dump that wrote the dump (pg_restore must be as new). */
  pg_dump_major?: number
  created_at: string
  sizes: { data_bytes: number; wal_bytes: number; files: number }
  wal?: { start_lsn: string; stop_lsn: string; segments: string[] }
}

export interface BackupResult {
  file: string
  manifest: BackupManifest
  archive_bytes: number
  seconds: number
}

/** The passphrase: SHOPAPI_BACKUP_PASSPHRASE, or the first line of --passphrase-file; refused when missing or short. */
export async function readPassphrase(config: Config, passphraseFile: string | undefined): Promise<string> {
  let passphrase = config.backupPassphrase
  if (passphraseFile !== undefined) {
    try {
      passphrase = (await readFile(passphraseFile, 'utf8')).split(/\r?\n/)[0] ?? ''
    } catch (error) {
      throw new UsageError(`--passphrase-file ${passphraseFile}: ${(error as Error).message}`)
    }
  }
  if (passphrase === undefined || passphrase === '') {
    throw new UsageError(
      "A backup's secret key is sealed with a passphrase: set SHOPAPI_BACKUP_PASSPHRASE or give --passphrase-file FILE (keep it apart from the backups)",
    )
  }
  if (passphrase.length < minimumPassphraseLength) {
    throw new UsageError(`The backup passphrase must be at least ${minimumPassphraseLength} characters long`)
  }
  return passphrase
}

/** shopapi-backup-20261126T102030Z.tar in the current directory. */
export function defaultBackupName(now = new Date()): string {
  return `shopapi-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar`
}

/** A backup is always a new file: an existing one (or a symlink) at `out` is refused in one line. */
export async function refuseExistingBackup(out: string): Promise<void> {
  if (await lstat(out).catch(() => null)) {
    throw new UsageError(`The backup file ${out} exists: name a new one with --out`)
  }
}

/**
 * Writes the backup of `database` (opened without migrating) to `out`, a new 0600 file; on any
 * failure or on `signal` the partial file is removed and PostgreSQL's backup mode and slot released.
 */
export async function writeBackup(options: {
  config: Config
  database: Database
  out: string
  passphrase: string
  shopapiVersion: string
  signal: AbortSignal
  onProgress: (message: string) => void
  /** pg_dump even for the embedded database (always for an external one). */
  logical?: boolean
}): Promise<BackupResult> {
  const { config, database, out, passphrase, signal, onProgress } = options
  const started = performance.now()
  await refuseExistingBackup(out)
  const migrations = (await appliedMigrationIds(database.pool)).sort((a, b) => a - b)
  const seal = sealWithPassphrase(loadMasterKey(config), passphrase)
  const embedded = options.logical ? undefined : database.embedded
  const external = embedded
    ? undefined
    : await prepareDump(database.embedded?.url ?? ((config.migrationDatabaseUrl ?? config.databaseUrl) as string))
  const output = await openOutputFile(out, { label: 'The backup file', overwrite: false, overwriteFlag: '--out' })
  const archive = archiveWriter(output.stream)
  let scratch: string | undefined
  try {
    await archive.addBuffer(sealedKeyEntry, Buffer.from(`${JSON.stringify(seal, null, 2)}\n`))
    let manifest: BackupManifest
    const common = {
      format: 'shopapi-backup' as const,
      format_version: backupFormatVersion,
      shopapi_version: options.shopapiVersion,
      schema: { migrations },
      created_at: new Date().toISOString(),
    }
    if (embedded) {
      const pgDir = path.join(config.dataDir, clusterPrefix)
      for (const name of credentialFiles) {
        await archive.addBuffer(name, Buffer.from(readPrivateFile(path.join(config.dataDir, name))))
      }
      const copied = await takePhysicalBackup(embedded.url, pgDir, archive, {
        prefix: clusterPrefix,
        signal,
        onProgress,
      })
      manifest = {
        ...common,
        kind: 'physical',
        postgres_major: await dataDirectoryMajor(pgDir),
        sizes: { data_bytes: copied.dataBytes, wal_bytes: copied.walBytes, files: copied.files },
        wal: { start_lsn: copied.startLsn, stop_lsn: copied.stopLsn, segments: copied.walSegments },
      }
    } else {
      const dump = external as NonNullable<typeof external>
      // Beside the backup, on the disk the operator chose for it (a dump can be large; /tmp may be small).
      scratch = await mkdtemp(path.join(path.dirname(out), '.shopapi-backup-'))
      const dumpFile = path.join(scratch, dumpEntry)
      onProgress(`Dumping ${databaseLabel(dump.url)} with pg_dump ${dump.toolVersion}`)
      await dumpDatabase(dump.url, dumpFile, signal)
      onProgress('Writing the dump into the backup')
      const size = (await archive.addFile(dumpEntry, dumpFile, signal)) ?? 0
      manifest = {
        ...common,
        kind: 'logical',
        postgres_major: dump.serverMajor,
        pg_dump_major: dump.toolMajor,
        sizes: { data_bytes: size, wal_bytes: 0, files: 1 },
      }
    }
    signal.throwIfAborted()
    await archive.addBuffer(manifestEntry, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`))
    await archive.finish()
    await output.close()
    return { file: out, manifest, archive_bytes: archive.written, seconds: (performance.now() - started) / 1000 }
  } catch (error) {
    await output.discard()
    throw error
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  }
}

/** pg_dump on PATH, as new as the server; `url` is the owner's connection (it reads every table). */
async function prepareDump(url: string) {
  const tool = await findPostgresTool('pg_dump')
  const major = await serverMajor(url)
  requireToolMajor(tool, major, `the server at ${databaseLabel(url)}`)
  return { url, serverMajor: major, toolMajor: tool.major, toolVersion: tool.version }
}

export interface RestoreResult {
  kind: BackupManifest['kind']
  /** The data directory (embedded) or the database (external) restored into. */
  target: string
  backup: { created_at: string; shopapi_version: string; migrations: number[] }
  migrations_applied: string[]
  secret_key_file: string
  seconds: number
}

/**
 * Restores `file` into the data directory of `config` (no DATABASE_URL: the backup must be physical)
 * or into the empty database of DATABASE_URL (logical). Checks everything it can before writing: the
 * archive is complete, of a known format and kind, for this PostgreSQL major, the passphrase opens its
 * key, the target is empty, its schema is not newer than this build's. What it wrote is removed again
 * when it fails. Then it migrates the restored database to this build's schema.
 */
export async function restoreBackup(options: {
  config: Config
  file: string
  passphrase: string
  signal: AbortSignal
  onProgress: (message: string) => void
}): Promise<RestoreResult> {
  const { config, file, passphrase, signal, onProgress } = options
  const started = performance.now()
  if (!(await lstat(file).catch(() => null))?.isFile()) throw new UsageError(`The backup file ${file} does not exist`)
  onProgress(`Reading ${file}`)
  const { manifest, sealedKey } = await readBackupHead(file)
  const external = config.databaseUrl !== undefined
  if (manifest.kind === 'physical' && external) {
    throw new UsageError(
      `${file} is a backup of an embedded database: restore it without DATABASE_URL (--database-url), into a new data directory (--data-dir)`,
    )
  }
  const known = new Set((await listMigrationFiles()).map((migration) => migration.id))
  const unknown = manifest.schema.migrations.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw new UsageError(
      `${file} is of shopapi ${manifest.shopapi_version}, whose schema is newer than this version's (migrations ${unknown.join(', ')} are unknown here): restore it with shopapi ${manifest.shopapi_version} or newer`,
    )
  }
  const ownerUrl = external ? ((config.migrationDatabaseUrl ?? config.databaseUrl) as string) : undefined
  if (manifest.kind === 'logical') {
    const tool = await findPostgresTool('pg_restore')
    requireToolMajor(tool, manifest.pg_dump_major ?? manifest.postgres_major, 'the pg_dump that wrote this backup')
    if (ownerUrl) await requireEmptyDatabase(ownerUrl)
    else await requireEmptyDataDirectory(config.dataDir)
  } else {
    const major = await embeddedPostgresMajor()
    if (major !== manifest.postgres_major) {
      throw new UsageError(
        `${file} holds a PostgreSQL ${manifest.postgres_major} cluster and this shopapi's embedded PostgreSQL is ${major}: restore it with a shopapi whose embedded PostgreSQL is ${manifest.postgres_major}`,
      )
    }
    await requireEmptyDataDirectory(config.dataDir)
  }
  const key = openSealedKey(file, sealedKey, passphrase)
  requireCompatibleKeys(config, key)
  signal.throwIfAborted()

  const created = await prepareTarget(config.dataDir)
  let migrationsApplied: string[]
  try {
    if (manifest.kind === 'logical') {
      const scratch = await mkdtemp(path.join(path.dirname(file), '.shopapi-restore-'))
      // Into a new data directory: a new embedded cluster of this shopapi's PostgreSQL, held while
      // pg_restore writes into it (the way across PostgreSQL major versions, and from an external server).
      const embedded = ownerUrl ? undefined : await openEmbeddedDatabase(config.dataDir, { onProgress })
      try {
        const target = ownerUrl ?? (embedded?.url as string)
        if (embedded) await requireEmptyDatabase(target)
        await extractArchive(file, scratch, (name) => name === dumpEntry)
        onProgress(`Restoring into ${databaseLabel(target)} with pg_restore`)
        await restoreDatabase(target, path.join(scratch, dumpEntry), signal)
      } finally {
        await rm(scratch, { recursive: true, force: true })
        await embedded?.stop()
      }
    } else {
      onProgress(`Unpacking ${megabytes(manifest.sizes.data_bytes + manifest.sizes.wal_bytes)} into ${config.dataDir}`)
      await extractArchive(
        file,
        config.dataDir,
        (name) =>
          name === `${clusterPrefix}/` || name.startsWith(`${clusterPrefix}/`) || credentialFiles.includes(name),
      )
      const owner = restoredClusterOwner()
      if (owner) await giveTo(path.join(config.dataDir, clusterPrefix), owner)
    }
    readOrCreatePrivateFile(path.join(config.dataDir, secretKeyFileName), () => `${key.toString('hex')}\n`)
    signal.throwIfAborted()
    onProgress(
      ownerUrl
        ? 'Migrating to this version of shopapi'
        : 'Starting the embedded PostgreSQL on the restored files (it recovers from the backup), then migrating',
    )
    // Started (the embedded cluster recovers here), migrated, and stopped again before going on: a
    // failure must not remove files under a running PostgreSQL.
    const migrated = await migrateDatabase(config, { onProgress })
    try {
      migrationsApplied = migrated.applied
    } finally {
      await migrated.close()
    }
  } catch (error) {
    await removeCreated(config.dataDir, created)
    throw error
  }
  return {
    kind: manifest.kind,
    target: ownerUrl ? databaseLabel(ownerUrl) : config.dataDir,
    backup: {
      created_at: manifest.created_at,
      shopapi_version: manifest.shopapi_version,
      migrations: manifest.schema.migrations,
    },
    migrations_applied: migrationsApplied,
    secret_key_file: path.join(config.dataDir, secretKeyFileName),
    seconds: (performance.now() - started) / 1000,
  }
}

/** The manifest (last in the archive: its absence means the archive was cut short) and the sealed key. */
async function readBackupHead(file: string): Promise<{ manifest: BackupManifest; sealedKey: Buffer | undefined }> {
  let entries: Map<string, Buffer>
  try {
    entries = await readArchiveEntries(file, [manifestEntry, sealedKeyEntry])
  } catch (error) {
    throw new UsageError(`${file} is not a readable shopapi backup (${(error as Error).message})`)
  }
  const text = entries.get(manifestEntry)
  if (!text) {
    throw new UsageError(`${file} is not a complete shopapi backup (it has no ${manifestEntry}: cut short?)`)
  }
  const manifest = JSON.parse(text.toString('utf8')) as BackupManifest
  if (manifest.format !== 'shopapi-backup' || typeof manifest.format_version !== 'number') {
    throw new UsageError(`${file} is not a shopapi backup`)
  }
  if (manifest.format_version > backupFormatVersion) {
    throw new UsageError(
      `${file} was written by shopapi ${manifest.shopapi_version} in backup format ${manifest.format_version}; this shopapi reads format ${backupFormatVersion}: restore it with that version or newer`,
    )
  }
  return { manifest, sealedKey: entries.get(sealedKeyEntry) }
}

function openSealedKey(file: string, sealed: Buffer | undefined, passphrase: string): Buffer {
  if (!sealed) throw new UsageError(`${file} holds no sealed secret key: it is not a complete shopapi backup`)
  const key = openWithPassphrase(JSON.parse(sealed.toString('utf8')) as PassphraseSeal, passphrase)
  if (!key) {
    throw new UsageError(
      `The passphrase does not open ${file}'s secret key: nothing was restored; give the passphrase the backup was made with`,
    )
  }
  return key
}

/** A key given in SHOPAPI_SECRET_KEY, or already in the data directory, must be the backup's. */
function requireCompatibleKeys(config: Config, key: Buffer): void {
  if (config.secretKey !== undefined && !loadMasterKey(config).equals(key)) {
    throw new UsageError(
      "SHOPAPI_SECRET_KEY is not the key of this backup, whose data only its own key reads: unset it (the restore writes the backup's key into the data directory) or set it to the backup's key",
    )
  }
  const keyFile = path.join(config.dataDir, secretKeyFileName)
  let existing: string | undefined
  try {
    existing = readPrivateFile(keyFile)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (existing !== undefined && existing.trim() !== key.toString('hex')) {
    throw new UsageError(
      `${keyFile} holds another key than this backup's: restore into a new data directory (--data-dir or SHOPAPI_DATA_DIR)`,
    )
  }
}

async function requireEmptyDataDirectory(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch(() => [] as string[])
  const used = entries.filter((name) => dataDirectoryFiles.includes(name))
  if (used.length > 0) {
    throw new UsageError(
      `The data directory ${dataDir} is in use (it holds ${used.join(', ')}): restore into a new one with --data-dir DIR (or SHOPAPI_DATA_DIR)`,
    )
  }
}

/** Creates the data directory when missing; what existed before is what a failed restore keeps. */
async function prepareTarget(dataDir: string): Promise<{ directory: boolean; entries: Set<string> }> {
  const before = await readdir(dataDir).catch(() => null)
  ensureDataDirectory(dataDir)
  return { directory: before === null, entries: new Set(before ?? []) }
}

async function removeCreated(dataDir: string, created: { directory: boolean; entries: Set<string> }) {
  if (created.directory) {
    await rm(dataDir, { recursive: true, force: true })
    return
  }
  for (const name of await readdir(dataDir).catch(() => [] as string[])) {
    if (!created.entries.has(name)) await rm(path.join(dataDir, name), { recursive: true, force: true })
  }
}

/** Hands the unpacked cluster to the postgres user, which PostgreSQL runs as when shopapi runs as root. */
async function giveTo(dir: string, owner: { uid: number; gid: number }): Promise<void> {
  await lchown(dir, owner.uid, owner.gid)
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name)
    if (entry.isDirectory()) await giveTo(child, owner)
    else await lchown(child, owner.uid, owner.gid)
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

import type { Dirent } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { ArchiveWriter } from '../io/backup-archive.js'
import { randomBase62 } from '../lib/ids.js'

// The embedded PostgreSQL ships no pg_dump, so its backup is physical, with PostgreSQL's documented
// low-level API ("Making a Base Backup Using the Low Level API", PostgreSQL 15): on one connection
// held open, a temporary replication slot keeps the WAL from being recycled, pg_backup_start
// checkpoints, the cluster's files are copied, pg_backup_stop returns the backup_label, and the WAL
// segments from the start's to the stop's are copied too. Ending the connection (an error, Ctrl-C)
// aborts the backup and drops the slot. Restoring is unpacking into a new data directory: PostgreSQL
// then recovers from backup_label. docs/decisions/operations.md "Backups".

/** Files the documentation says to leave out, wherever they are, and prefixes of temporary files. */
const omittedFiles = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'pg_internal.init',
  // shopapi's own: pg_ctl's start-up log (the server's logs, in log/, are left out below).
  'startup.log',
])
/** Directories kept (PostgreSQL expects them) but whose content is left out. */
const emptiedDirectories = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
  'log',
])

export interface PhysicalBackup {
  /** Bytes of the cluster's files and of the WAL copied. */
  dataBytes: number
  walBytes: number
  files: number
  walSegments: string[]
  startLsn: string
  stopLsn: string
}

interface Listed {
  relative: string
  directory: boolean
  size: number
}

/** What PG_VERSION says: the cluster's major version ("15"). */
export async function dataDirectoryMajor(pgDir: string): Promise<number> {
  return Number.parseInt((await readFile(path.join(pgDir, 'PG_VERSION'), 'utf8')).trim(), 10)
}

/**
 * Copies the running cluster of `pgDir` (reached as its superuser, `ownerUrl`) into `archive` under
 * `prefix`. `signal` stops it between chunks; the backup is then aborted by closing the connection.
 */
export async function takePhysicalBackup(
  ownerUrl: string,
  pgDir: string,
  archive: ArchiveWriter,
  options: { prefix: string; signal: AbortSignal; onProgress: (message: string) => void },
): Promise<PhysicalBackup> {
  const { prefix, signal, onProgress } = options
  const client = new pg.Client({ connectionString: ownerUrl, application_name: 'shopapi backup' })
  client.on('error', () => {})
  await client.connect()
  try {
    const slot = `shopapi_backup_${randomBase62(12).toLowerCase()}`
    // Reserves WAL from now, before the checkpoint of pg_backup_start: nothing the backup needs is recycled.
    await client.query('select pg_create_physical_replication_slot($1::text, true, true)', [slot])
    const segmentSize = Number(
      (await client.query<{ size: string }>("select setting as size from pg_settings where name = 'wal_segment_size'"))
        .rows[0]?.size,
    )
    onProgress('Starting the backup (a checkpoint)')
    const started = await client.query<{ lsn: string }>('select pg_backup_start($1::text, true)::text as lsn', [
      `shopapi backup ${new Date().toISOString()}`,
    ])
    signal.throwIfAborted()

    const listed = await listDataDirectory(pgDir)
    const total = listed.reduce((sum, entry) => sum + entry.size, 0)
    let files = 0
    let dataBytes = 0
    let reported = 0
    archive.onProgress = (copied) => {
      const tenth = total === 0 ? 10 : Math.floor((copied / total) * 10)
      if (tenth > reported) {
        reported = tenth
        onProgress(`Copying the database files: ${Math.min(tenth * 10, 100)}% of ${megabytes(total)}`)
      }
    }
    await archive.addDirectory(prefix)
    for (const entry of listed) {
      signal.throwIfAborted()
      const name = `${prefix}/${entry.relative}`
      if (entry.directory) {
        await archive.addDirectory(name)
        continue
      }
      const size = await archive.addFile(name, path.join(pgDir, entry.relative), signal)
      if (size === null) continue
      files++
      dataBytes += size
    }
    archive.onProgress = undefined

    const stopped = await client.query<{ lsn: string; labelfile: string; spcmapfile: string; segment: string }>(
      'select lsn::text, labelfile, spcmapfile, pg_walfile_name(lsn) as segment from pg_backup_stop(false)',
    )
    const stop = stopped.rows[0]
    if (!stop) throw new Error('pg_backup_stop returned nothing')
    await archive.addBuffer(`${prefix}/backup_label`, Buffer.from(stop.labelfile))
    if (stop.spcmapfile) await archive.addBuffer(`${prefix}/tablespace_map`, Buffer.from(stop.spcmapfile))

    const startSegment = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(stop.labelfile)?.[1]
    if (!startSegment) throw new Error('backup_label names no start WAL file')
    const walSegments = segmentsBetween(startSegment, stop.segment, segmentSize)
    onProgress(`Copying ${walSegments.length} WAL segment(s)`)
    let walBytes = 0
    for (const segment of walSegments) {
      const size = await archive.addFile(`${prefix}/pg_wal/${segment}`, path.join(pgDir, 'pg_wal', segment), signal)
      // The slot holds them; a missing one means the backup cannot be restored, so it is not written.
      if (size === null) throw new Error(`The WAL segment ${segment} the backup needs is missing from ${pgDir}/pg_wal`)
      walBytes += size
    }
    return {
      dataBytes,
      walBytes,
      files,
      walSegments,
      startLsn: started.rows[0]?.lsn ?? '',
      stopLsn: stop.lsn,
    }
  } finally {
    // Ends the session: an unfinished backup is aborted, the temporary slot dropped.
    await client.end().catch(() => {})
  }
}

/**
 * The entries of the data directory to copy, parents before children: everything but what the
 * documentation says to omit. A directory that vanishes while listed (a database dropped) is skipped.
 */
async function listDataDirectory(root: string): Promise<Listed[]> {
  const listed: Listed[] = []
  const walk = async (relative: string) => {
    let entries: Dirent[]
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (omittedFiles.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue
      if (entry.isDirectory()) {
        listed.push({ relative: child, directory: true, size: 0 })
        if (relative === '' && emptiedDirectories.has(entry.name)) {
          // pg_wal/archive_status is expected by recovery; the segments come after pg_backup_stop.
          if (entry.name === 'pg_wal') listed.push({ relative: 'pg_wal/archive_status', directory: true, size: 0 })
          continue
        }
        await walk(child)
      } else if (entry.isFile()) {
        const { size } = await stat(path.join(root, child)).catch(() => ({ size: 0 }))
        listed.push({ relative: child, directory: false, size })
      }
    }
  }
  await walk('')
  return listed
}

/** The WAL segment names from `first` through `last` (same timeline), for segments of `segmentSize` bytes. */
export function segmentsBetween(first: string, last: string, segmentSize: number): string[] {
  const perLogId = 0x1_0000_0000 / segmentSize
  const timeline = first.slice(0, 8)
  if (last.slice(0, 8) !== timeline) throw new Error(`WAL ${first} and ${last} are on different timelines`)
  const number = (name: string) =>
    Number.parseInt(name.slice(8, 16), 16) * perLogId + Number.parseInt(name.slice(16, 24), 16)
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(8, '0')
  const names: string[] = []
  for (let segment = number(first); segment <= number(last); segment++) {
    names.push(`${timeline}${hex(Math.floor(segment / perLogId))}${hex(segment % perLogId)}`)
  }
  return names
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

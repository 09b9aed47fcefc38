import { once } from 'node:events'
import { type FileHandle, open } from 'node:fs/promises'
import type { Writable } from 'node:stream'
import { extract, Header, list, type ReadEntry } from 'tar'

// A backup is one tar file (docs/decisions/operations.md "Backups"). Reading uses node-tar whole
// (its extraction refuses absolute paths, `..` and links out of the target). Writing uses its header
// encoder only: a live database's files change while they are copied, and a tar entry's size is fixed
// in its header, so each file is copied with the size it had when opened, cut there when it grew and
// padded with zeros when it shrank, as PostgreSQL's own pg_basebackup does; replaying the WAL taken
// with the backup repairs both.

const block = 512
const chunkSize = 1024 * 1024

export interface ArchiveWriter {
  /** A small entry held in memory (the manifest, the sealed key, backup_label). */
  addBuffer(name: string, content: Buffer): Promise<void>
  addDirectory(name: string): Promise<void>
  /**
   * The file at `source`, as long as it was when opened (see above); null when it no longer exists
   * (a table dropped meanwhile), which a backup of a live database skips.
   */
  addFile(name: string, source: string, signal?: AbortSignal): Promise<number | null>
  /** The two zero blocks that end a tar file. */
  finish(): Promise<void>
  /** Bytes written so far. */
  readonly written: number
  /** Called after each chunk with the bytes of file content written so far in total. */
  onProgress?: (contentBytes: number) => void
}

export function archiveWriter(stream: Writable): ArchiveWriter {
  let written = 0
  let contentBytes = 0
  const put = async (chunk: Buffer) => {
    written += chunk.length
    if (!stream.write(chunk)) await once(stream, 'drain')
  }
  const padding = (size: number) => Buffer.alloc((block - (size % block)) % block)
  const header = (name: string, type: 'File' | 'Directory', size: number, mode: number) => {
    const entry = new Header({ path: name, type, size, mode, uid: 0, gid: 0, mtime: new Date() })
    // Every name shopapi writes is short (a data directory's relative paths); a long one would need a
    // pax header that this writer does not make.
    if (entry.encode() || !entry.block) throw new Error(`backup archive: the name ${name} is too long for a tar header`)
    return entry.block
  }
  const writer: ArchiveWriter = {
    get written() {
      return written
    },
    async addBuffer(name, content) {
      await put(header(name, 'File', content.length, 0o600))
      await put(content)
      await put(padding(content.length))
    },
    async addDirectory(name) {
      await put(header(name.endsWith('/') ? name : `${name}/`, 'Directory', 0, 0o700))
    },
    async addFile(name, source, signal) {
      let handle: FileHandle
      try {
        handle = await open(source, 'r')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
      try {
        const { size } = await handle.stat()
        await put(header(name, 'File', size, 0o600))
        let copied = 0
        const buffer = Buffer.alloc(Math.min(chunkSize, Math.max(size, 1)))
        while (copied < size) {
          signal?.throwIfAborted()
          const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - copied), copied)
          // Shrunk since it was opened: zeros up to the size announced.
          const chunk = bytesRead === 0 ? Buffer.alloc(Math.min(buffer.length, size - copied)) : buffer
          const length = bytesRead === 0 ? chunk.length : bytesRead
          await put(Buffer.from(chunk.subarray(0, length)))
          copied += length
          contentBytes += length
          writer.onProgress?.(contentBytes)
        }
        await put(padding(size))
        return size
      } finally {
        await handle.close()
      }
    },
    async finish() {
      await put(Buffer.alloc(block * 2))
    },
  }
  return writer
}

/** The content of the entries `names` of the archive (read whole: their absence is the caller's to judge). */
export async function readArchiveEntries(file: string, names: readonly string[]): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>()
  const wanted = new Set(names)
  await list({
    file,
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      if (!wanted.has(entry.path)) {
        entry.resume()
        return
      }
      const chunks: Buffer[] = []
      entry.on('data', (chunk: Buffer) => chunks.push(chunk))
      entry.on('end', () => found.set(entry.path, Buffer.concat(chunks)))
    },
  })
  return found
}

/**
 * Unpacks the entries of `file` that `keep` accepts under `target`, owned by `owner` when given (the
 * postgres user, when shopapi runs as root).
 */
export async function extractArchive(
  file: string,
  target: string,
  keep: (name: string) => boolean,
  owner?: { uid: number; gid: number },
): Promise<void> {
  await extract({
    file,
    cwd: target,
    strict: true,
    filter: (name) => keep(name),
    preserveOwner: false,
    ...(owner ? owner : {}),
    // The modes of the archive (0600 files, 0700 directories), not reduced by the umask of the moment.
    processUmask: 0o077,
  })
}

import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { type FileHandle, lstat, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Writable } from 'node:stream'
import { UsageError } from '../lib/errors.js'

// Files a command writes for the operator (an import's rejects file, `openapi export --out`). They may
// hold customers' data, and they often go to a folder others can write (beside the input file), where
// a planted symbolic link or hard link would make the command write, as the operator, into a file of
// the operator's choosing (a shell start-up file) or copy rows into a file others can read. So every
// such file is created new (O_CREAT|O_EXCL|O_NOFOLLOW), mode 0600; an existing one is refused with the
// flag that replaces it; replacing never writes through a symlink nor into the old file: a new file is
// written beside it and renamed over it (rename replaces the directory entry, never what it points to).
// "The same file" is the same device and inode, never the same spelling.

/** Windows has neither O_NOFOLLOW nor POSIX owners. */
const noFollow = constants.O_NOFOLLOW ?? 0
const createNew = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow
const privateMode = 0o600

export interface OutputFileOptions {
  /** How a refusal names the file: `--rejects`, `--out`, `The rejects file`. */
  label: string
  /** Replace an existing file (a regular file of this user's, never a symlink) instead of refusing. */
  overwrite: boolean
  /** The flag that allows replacing, named in the refusal: `--overwrite`. */
  overwriteFlag: string
  /** Files this one must never be (an import's input), compared by device and inode. */
  notSameAs?: readonly { path: string; label: string }[]
}

/** An output file being written: `close` puts it in place, `discard` removes it. */
export interface OutputFile {
  readonly path: string
  readonly stream: Writable
  close(): Promise<void>
  discard(): Promise<void>
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/**
 * Refuses `target` as a file to write, with one line saying what to do: a symbolic link (always), the
 * same file as one of `notSameAs` (always), anything but a regular file of this user's (always), an
 * existing file without `overwrite`. A missing file passes. Run before a long command starts, so a
 * refusal comes before any work; `openOutputFile` checks again when it creates the file.
 */
export async function checkOutputFile(target: string, options: OutputFileOptions): Promise<void> {
  let entry: Awaited<ReturnType<typeof lstat>>
  try {
    entry = await lstat(target)
  } catch (error) {
    if (isMissing(error)) return
    throw new UsageError(`${options.label} ${target}: ${(error as Error).message}`)
  }
  if (entry.isSymbolicLink()) {
    throw new UsageError(
      `${options.label} ${target} is a symbolic link: shopapi never writes through one; remove it or name another file`,
    )
  }
  for (const other of options.notSameAs ?? []) {
    const input = await stat(other.path).catch(() => null)
    if (input && input.dev === entry.dev && input.ino === entry.ino) {
      throw new UsageError(`${options.label} ${target} is ${other.label} (the same file): name another file`)
    }
  }
  if (!options.overwrite) {
    throw new UsageError(
      `${options.label} ${target} exists: add ${options.overwriteFlag} to replace it, or name another file`,
    )
  }
  if (!entry.isFile()) {
    throw new UsageError(`${options.label} ${target} is not a regular file: name another file`)
  }
  const uid = process.getuid?.()
  if (uid !== undefined && entry.uid !== uid) {
    throw new UsageError(`${options.label} ${target} belongs to another user: name another file`)
  }
}

/**
 * Creates the file a command writes: new, mode 0600, never through a symlink. With `overwrite`, an
 * existing file passing `checkOutputFile` is replaced when `close` renames a new file (written beside
 * it, under a random name) over it; until then the old file is untouched.
 */
export async function openOutputFile(target: string, options: OutputFileOptions): Promise<OutputFile> {
  await checkOutputFile(target, options)
  let handle: FileHandle
  let written = target
  try {
    handle = await open(target, createNew, privateMode)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' && (error as NodeJS.ErrnoException).code !== 'ELOOP')
      throw new UsageError(`${options.label} ${target}: ${(error as Error).message}`)
    // It appeared since the check (or it is one to replace): the check says what it is.
    await checkOutputFile(target, options)
    written = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`)
    try {
      handle = await open(written, createNew, privateMode)
    } catch (error) {
      throw new UsageError(`${options.label} ${target}: cannot write beside it (${(error as Error).message})`)
    }
  }
  // The umask may only have removed bits; make the mode exactly 0600 whatever it is.
  await handle.chmod(privateMode).catch(() => {})
  const stream = handle.createWriteStream({ encoding: 'utf8' })
  const finished = new Promise<void>((resolve, reject) => {
    stream.once('close', resolve)
    stream.once('error', reject)
  })
  finished.catch(() => {})
  let settled = false
  return {
    path: target,
    stream,
    async close() {
      if (settled) return
      settled = true
      stream.end()
      try {
        await finished
      } catch (error) {
        // A file cut short by a write error (a full disk) is not left looking complete.
        await rm(written, { force: true })
        throw error
      }
      if (written === target) return
      try {
        // Checked again just before: what replaced the file meanwhile is refused, not overwritten.
        await checkOutputFile(target, options)
        await rename(written, target)
      } catch (error) {
        await rm(written, { force: true })
        throw error
      }
    },
    async discard() {
      if (settled) return
      settled = true
      stream.destroy()
      await finished.catch(() => {})
      await rm(written, { force: true })
    },
  }
}

/** Writes `content` to a new file (see `openOutputFile`). */
export async function writeOutputFile(target: string, content: string, options: OutputFileOptions): Promise<void> {
  const file = await openOutputFile(target, options)
  // Buffered until `close` ends the stream; a write error rejects there.
  file.stream.write(content)
  await file.close()
}

/**
 * Removes what an earlier run left at `target` (a regular file of this user's, never a symlink), when
 * a run that may replace it (`overwrite`) has nothing to write there: the file then never describes an
 * older run.
 */
export async function removeStaleOutputFile(target: string, options: OutputFileOptions): Promise<boolean> {
  try {
    await checkOutputFile(target, options)
  } catch {
    return false
  }
  const entry = await lstat(target).catch(() => null)
  if (entry === null) return false
  await rm(target, { force: true })
  return true
}

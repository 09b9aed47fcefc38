import { lstat, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.js'
import type { Database } from '../db/connect.js'
import { defaultBackupName, writeBackup } from './backup.js'

// `serve --backup-every 24h --backup-keep 7 --backup-dir DIR`: the appliance backs itself up. The next
// backup is due one interval after the newest in the directory (at once when there is none or it is
// older), so a `serve` restarted every night still backs up daily; after each one, the oldest of the
// directory's shopapi-backup-*.tar beyond --backup-keep are removed (never other files).
// docs/decisions/operations.md "Backups".

const backupNamePattern = /^shopapi-backup-\d{8}T\d{6}Z\.tar$/

export interface BackupSchedule {
  /** Stops the timer; a backup being written is stopped and its partial file removed. */
  stop(): Promise<void>
}

export function startBackupSchedule(options: {
  config: Config
  database: Database
  everyMs: number
  keep: number
  dir: string
  passphrase: string
  shopapiVersion: string
  report: (line: string) => void
}): BackupSchedule {
  const { everyMs, keep, dir, report } = options
  const stopping = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  const runOnce = async () => {
    const started = Date.now()
    try {
      const result = await writeBackup({
        config: options.config,
        database: options.database,
        out: path.join(dir, defaultBackupName()),
        passphrase: options.passphrase,
        shopapiVersion: options.shopapiVersion,
        signal: stopping.signal,
        onProgress: () => {},
      })
      report(
        `Scheduled backup written: ${result.file} (${(result.archive_bytes / 1024 / 1024).toFixed(1)} MB, ${result.seconds.toFixed(1)} s)`,
      )
      const removed = await removeOldBackups(dir, keep)
      if (removed.length > 0) report(`Removed old backups beyond --backup-keep ${keep}: ${removed.join(', ')}`)
    } catch (error) {
      if (stopping.signal.aborted) return report('Scheduled backup stopped: its partial file was removed')
      report(`Scheduled backup failed: ${(error as Error).message}; the next in ${formatInterval(everyMs)}`)
    }
    schedule(Math.max(0, started + everyMs - Date.now()))
  }
  const schedule = (delayMs: number) => {
    if (stopping.signal.aborted) return
    timer = setTimeout(() => {
      running = runOnce()
    }, delayMs)
  }

  void newestBackupTime(dir).then((newest) =>
    schedule(newest === null ? 0 : Math.max(0, newest + everyMs - Date.now())),
  )
  return {
    async stop() {
      stopping.abort('SIGTERM')
      if (timer) clearTimeout(timer)
      await running
    },
  }
}

async function backupFiles(dir: string): Promise<{ name: string; mtimeMs: number }[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => backupNamePattern.test(name))
  const files: { name: string; mtimeMs: number }[] = []
  for (const name of names) {
    const entry = await lstat(path.join(dir, name)).catch(() => null)
    if (entry?.isFile()) files.push({ name, mtimeMs: entry.mtimeMs })
  }
  // The names hold the UTC time they were made: their order is the backups' order.
  return files.sort((a, b) => a.name.localeCompare(b.name))
}

async function newestBackupTime(dir: string): Promise<number | null> {
  return (await backupFiles(dir)).at(-1)?.mtimeMs ?? null
}

/** Removes the oldest backups of `dir` beyond the `keep` newest; returns their names. */
export async function removeOldBackups(dir: string, keep: number): Promise<string[]> {
  const files = await backupFiles(dir)
  const old = files.slice(0, Math.max(0, files.length - keep)).map((file) => file.name)
  for (const name of old) await rm(path.join(dir, name), { force: true })
  return old
}

function formatInterval(ms: number): string {
  return ms >= 3_600_000 ? `${(ms / 3_600_000).toFixed(1)} h` : `${Math.round(ms / 1000)} s`
}

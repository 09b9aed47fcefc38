import path from 'node:path'
import { Flags } from '@oclif/core'
import { BaseCommand } from '../cli/base.js'

export default class Backup extends BaseCommand {
  static override description = [
    'Write a consistent backup of the database in use to one new file (mode 0600), while `serve` runs or not.',
    '',
    "The embedded database is copied physically (its files and WAL, with PostgreSQL's backup API; restored by the same PostgreSQL major version), or with --logical by pg_dump (restored by any newer major version); an external one (DATABASE_URL) with pg_dump --format=custom from the server's client tools on PATH.",
    'The backup holds the secret key that webhook secrets and idempotency replays need, sealed with a passphrase (SHOPAPI_BACKUP_PASSPHRASE or --passphrase-file): keep the passphrase apart from the backups; restoring needs it.',
    'The rest of the backup is not encrypted: keep it as safe as the data directory. Ctrl-C stops it and removes the partial file.',
  ].join('\n')
  static override examples = [
    'SHOPAPI_BACKUP_PASSPHRASE=... <%= config.bin %> backup',
    '<%= config.bin %> backup --out /backups/shop.tar --passphrase-file /etc/shopapi/backup-passphrase',
    '<%= config.bin %> backup --logical --out shop.tar   # before moving to a shopapi of another PostgreSQL major version',
    'DATABASE_URL=postgres://shopapi_runtime@db/shopapi SHOPAPI_MIGRATION_DATABASE_URL=postgres://shopapi_owner@db/shopapi <%= config.bin %> backup --json',
  ]
  static override flags = {
    out: Flags.string({ description: 'The file to write (new); default shopapi-backup-<UTC time>.tar here' }),
    'passphrase-file': Flags.string({
      description: 'A file whose first line is the passphrase (instead of SHOPAPI_BACKUP_PASSPHRASE)',
    }),
    logical: Flags.boolean({
      description:
        'The embedded database too with pg_dump (PostgreSQL client tools on PATH): a backup that a shopapi of another PostgreSQL major version restores, the way across major versions',
      default: false,
    }),
  }

  async run() {
    const { flags } = await this.parse(Backup)
    // Loaded here, not at the top: --help and usage errors skip pg and tar (as BaseCommand.openDatabase).
    const { defaultBackupName, readPassphrase, refuseExistingBackup, writeBackup } = await import('../cli/backup.js')
    const config = this.appConfig(flags['database-url'])
    const passphrase = await readPassphrase(config, flags['passphrase-file'])
    const out = path.resolve(flags.out ?? defaultBackupName())
    // Before the database is opened (or the embedded one started): a refusal costs nothing.
    await refuseExistingBackup(out)
    // Backs up what is there: the restore migrates it to the schema of the shopapi that restores.
    const database = await this.openDatabase(flags['database-url'], { migrate: false })
    const result = await this.abandonable(
      'stopping and removing the partial backup',
      (signal) => `Backup stopped (${String(signal)}): the partial file ${out} was removed`,
      (signal) =>
        writeBackup({
          config,
          database,
          out,
          passphrase,
          logical: flags.logical,
          shopapiVersion: this.config.version,
          signal,
          onProgress: (line) => this.stderrLine(line),
        }),
    )
    const { manifest } = result
    this.log(
      `Wrote ${result.file}: a ${manifest.kind} backup (PostgreSQL ${manifest.postgres_major}, ${manifest.schema.migrations.length} migrations) of ${(result.archive_bytes / 1024 / 1024).toFixed(1)} MB in ${result.seconds.toFixed(1)} s`,
    )
    this.log(
      'Restore it with: shopapi restore FILE --data-dir NEW_DIR (or --database-url of an empty database), with the same passphrase',
    )
    return { file: result.file, archive_bytes: result.archive_bytes, seconds: round(result.seconds), manifest }
  }
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100
}

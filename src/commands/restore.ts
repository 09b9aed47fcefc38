import path from 'node:path'
import { Args, Flags } from '@oclif/core'
import { BaseCommand } from '../cli/base.js'

export default class Restore extends BaseCommand {
  static override description = [
    'Restore a backup of `shopapi backup` into a new data directory (embedded database) or an empty database (DATABASE_URL), then migrate it to this version.',
    '',
    'A target that holds data is refused: a data directory with a database or a key in it, a database with tables. Nothing is written before the archive, the PostgreSQL version and the passphrase are checked; a failed restore removes what it wrote.',
    "The backup's secret key goes to the data directory's secret.key: processes that set SHOPAPI_SECRET_KEY must set it to that key.",
  ].join('\n')
  static override examples = [
    'SHOPAPI_BACKUP_PASSPHRASE=... <%= config.bin %> restore shopapi-backup-20261126T102030Z.tar --data-dir /var/lib/shopapi-restored',
    '<%= config.bin %> restore shop.tar --database-url postgres://shopapi_owner@db/shopapi_restored --passphrase-file passphrase.txt',
  ]
  static override args = {
    file: Args.string({ description: 'The backup file', required: true }),
  }
  static override flags = {
    'data-dir': Flags.string({
      description: 'The new data directory to restore into (instead of SHOPAPI_DATA_DIR)',
    }),
    'passphrase-file': Flags.string({
      description: 'A file whose first line is the passphrase (instead of SHOPAPI_BACKUP_PASSPHRASE)',
    }),
  }

  async run() {
    const { args, flags } = await this.parse(Restore)
    // Loaded here, not at the top: --help and usage errors skip pg and tar (as BaseCommand.openDatabase).
    const { readPassphrase, restoreBackup } = await import('../cli/backup.js')
    const config = this.appConfig(flags['database-url'])
    if (flags['data-dir'] !== undefined) config.dataDir = path.resolve(flags['data-dir'])
    const passphrase = await readPassphrase(config, flags['passphrase-file'])
    const file = path.resolve(args.file)
    const result = await this.abandonable(
      'stopping and removing what was restored',
      (signal) => `Restore stopped (${String(signal)}): what it wrote was removed`,
      (signal) =>
        restoreBackup({
          config,
          file,
          passphrase,
          signal,
          onProgress: (line) => this.stderrLine(line),
        }),
    )
    const serve =
      config.databaseUrl === undefined
        ? `SHOPAPI_DATA_DIR=${result.target} shopapi serve`
        : `DATABASE_URL=<the runtime role's URL of ${result.target}> SHOPAPI_SECRET_KEY=$(cat ${result.secret_key_file}) shopapi serve`
    this.log(
      `Restored the backup of ${result.backup.created_at} (shopapi ${result.backup.shopapi_version}) into ${result.target} in ${result.seconds.toFixed(1)} s`,
    )
    this.log(
      result.migrations_applied.length === 0
        ? "Its schema is this version's: no migration was needed"
        : `Migrated it to this version: ${result.migrations_applied.join(', ')}`,
    )
    this.log(`The secret key is in ${result.secret_key_file}`)
    this.log(`Start it with: ${serve}`)
    return { ...result, seconds: Math.round(result.seconds * 100) / 100, serve }
  }
}

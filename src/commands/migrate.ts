import { BaseCommand, migrationDatabaseUrlFlag } from '../cli/base.js'

export default class Migrate extends BaseCommand {
  static override description =
    "Apply pending database migrations as the owner of shopapi's tables (SHOPAPI_MIGRATION_DATABASE_URL, else DATABASE_URL; the embedded database's owner without either). Safe to run while other processes start: migrations are applied under a lock, once."

  static override examples = [
    '<%= config.bin %> migrate',
    '<%= config.bin %> migrate --json',
    'SHOPAPI_MIGRATION_DATABASE_URL=postgres://shopapi_owner@db/shopapi <%= config.bin %> migrate',
  ]

  static override flags = {
    'migration-database-url': migrationDatabaseUrlFlag,
  }

  async run() {
    const { flags } = await this.parse(Migrate)
    const config = this.appConfig(flags['database-url'], flags['migration-database-url'])
    const applied = await this.migrateDatabase(config)
    this.log(
      applied.length === 0 ? 'Database is up to date' : `Applied ${applied.length} migration(s): ${applied.join(', ')}`,
    )
    return { applied }
  }
}

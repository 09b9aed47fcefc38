import { BaseCommand } from '../cli/base.js'

export default class Migrate extends BaseCommand {
  static override description =
    'Apply pending database migrations. Safe to run while other processes start: migrations are applied under a lock, once.'

  static override examples = ['<%= config.bin %> migrate', '<%= config.bin %> migrate --json']

  async run() {
    const { flags } = await this.parse(Migrate)
    // Opening the database is what migrates it; this command only reports what that applied.
    const { appliedMigrations: applied } = await this.openDatabase(flags['database-url'])
    this.log(
      applied.length === 0 ? 'Database is up to date' : `Applied ${applied.length} migration(s): ${applied.join(', ')}`,
    )
    return { applied }
  }
}

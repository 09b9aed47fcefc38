import { BaseCommand } from '../cli/base.js'
import { openEmbeddedDatabase } from '../db/embedded.js'
import { runMigrations } from '../db/migrate.js'

export default class Migrate extends BaseCommand {
  static override description =
    'Apply pending database migrations. Safe to run while other processes start: migrations are applied under a lock, once.'

  static override examples = ['<%= config.bin %> migrate', '<%= config.bin %> migrate --json']

  async run() {
    const { flags } = await this.parse(Migrate)
    const config = this.appConfig(flags['database-url'])
    const embedded = config.databaseUrl
      ? undefined
      : await openEmbeddedDatabase(config.dataDir, { onProgress: (m) => process.stderr.write(`${m}\n`) })
    try {
      const applied = await runMigrations(config.databaseUrl ?? (embedded?.url as string))
      this.log(
        applied.length === 0
          ? 'Database is up to date'
          : `Applied ${applied.length} migration(s): ${applied.join(', ')}`,
      )
      return { applied }
    } finally {
      await embedded?.stop()
    }
  }
}

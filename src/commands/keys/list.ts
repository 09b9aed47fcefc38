import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentApiKey } from '../../cli/present.js'
import { listApiKeys } from '../../platform/tenancy/api-keys.js'

export default class KeysList extends BaseCommand {
  static override description = 'List API keys: id, prefix, created, last used. Secrets are never shown again.'
  static override examples = ['<%= config.bin %> keys list', '<%= config.bin %> keys list --integration int_123 --all']
  static override flags = {
    integration: Flags.string({ description: 'Only the keys of this integration (int_...)' }),
    all: Flags.boolean({ description: 'Include revoked keys', default: false }),
  }

  async run() {
    const { flags } = await this.parse(KeysList)
    const db = await this.openDatabase(flags['database-url'])
    const keys = (await listApiKeys(db.pool, { integration: flags.integration, includeRevoked: flags.all })).map(
      presentApiKey,
    )
    this.printTable(keys, [
      { key: 'id', header: 'ID' },
      { key: 'prefix', header: 'PREFIX' },
      { key: 'integration_id', header: 'INTEGRATION' },
      { key: 'status', header: 'STATUS' },
      { key: 'created_at', header: 'CREATED' },
      { key: 'last_used_at', header: 'LAST USED' },
    ])
    return keys
  }
}

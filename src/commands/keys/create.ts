import { Flags } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentApiKey } from '../../cli/present.js'
import { createApiKey, maxLiveKeysPerIntegration } from '../../platform/tenancy/api-keys.js'

export default class KeysCreate extends BaseCommand {
  static override description =
    `Issue another API key for an integration, to rotate without downtime (at most ${maxLiveKeysPerIntegration} live keys). Printed once.`
  static override examples = [
    '<%= config.bin %> keys create --integration int_123',
    '<%= config.bin %> keys create --integration int_123 --json',
  ]
  static override flags = {
    integration: Flags.string({ description: 'Integration id (int_...)', required: true }),
  }

  async run() {
    const { flags } = await this.parse(KeysCreate)
    const db = await this.openDatabase(flags['database-url'])
    const { row, plaintext } = await createApiKey(db.pool, flags.integration)
    const key = presentApiKey(row)
    this.log(`API key ${key.id} for integration ${key.integration_id}, shown only this once:`)
    this.log('')
    this.log(`  ${plaintext}`)
    this.log('')
    this.log(`When the new key is in use, revoke the old one: shopapi keys revoke KEY_ID`)
    return { ...key, api_key: plaintext }
  }
}

import { Args } from '@oclif/core'
import { BaseCommand } from '../../cli/base.js'
import { presentApiKey } from '../../cli/present.js'
import { revokeApiKey } from '../../platform/tenancy/api-keys.js'

export default class KeysRevoke extends BaseCommand {
  static override description = 'Revoke an API key. The next request made with it gets 401.'
  static override examples = [
    '<%= config.bin %> keys revoke key_123',
    '<%= config.bin %> keys revoke shopapi_aTP7P624lT45',
  ]
  static override args = {
    id: Args.string({
      description: 'API key id (key_...) or its prefix (shopapi_...), as keys list and the request log show',
      required: true,
    }),
  }

  async run() {
    const { args, flags } = await this.parse(KeysRevoke)
    const db = await this.openDatabase(flags['database-url'])
    const key = presentApiKey(await revokeApiKey(db.pool, args.id))
    this.log(`Revoked ${key.id} (${key.prefix}) at ${key.revoked_at}`)
    return key
  }
}

import { Args, Flags } from '@oclif/core'
import { BaseCommand, usage } from '../../cli/base.js'
import { presentIntegration } from '../../cli/present.js'
import { UsageError } from '../../lib/errors.js'
import { parseScopeList } from '../../lib/scopes.js'
import { updateIntegration } from '../../platform/tenancy/integrations.js'

export default class IntegrationsUpdate extends BaseCommand {
  static override description =
    "Rename an integration or change its scopes: the whole list (--scopes), or single scopes added (--add-scope) and removed (--remove-scope). Scope changes take effect on the integration's next request, for every key."
  static override examples = [
    '<%= config.bin %> integrations update int_123 --name "Accounting sync"',
    '<%= config.bin %> integrations update int_123 --add-scope invoices.read --remove-scope customers.write',
    '<%= config.bin %> integrations update int_123 --scopes shop.read,customers.read',
  ]
  static override args = { id: Args.string({ description: 'Integration id (int_...)', required: true }) }
  static override flags = {
    name: Flags.string({ description: 'The new name (1-200 characters)' }),
    scopes: Flags.string({ description: 'The complete new comma-separated scope list' }),
    'add-scope': Flags.string({ description: 'A scope to add (repeatable, or comma-separated)', multiple: true }),
    'remove-scope': Flags.string({ description: 'A scope to remove (repeatable, or comma-separated)', multiple: true }),
  }

  async run() {
    const { args, flags } = await this.parse(IntegrationsUpdate)
    const list = (values: string[] | undefined) =>
      values === undefined ? undefined : usage(() => parseScopeList(values.join(',')))
    const change = {
      name: flags.name,
      scopes: flags.scopes === undefined ? undefined : usage(() => parseScopeList(flags.scopes as string)),
      add: list(flags['add-scope']),
      remove: list(flags['remove-scope']),
    }
    if (Object.values(change).every((value) => value === undefined)) {
      throw new UsageError('Nothing to change: give --name, --scopes, --add-scope or --remove-scope')
    }
    const db = await this.openDatabase(flags['database-url'])
    const integration = presentIntegration(await updateIntegration(db.pool, args.id, change))
    this.log(
      `Integration ${integration.id} "${integration.name}" now has scopes: ${integration.scopes.join(', ') || '(none)'}`,
    )
    return integration
  }
}

import { Flags } from '@oclif/core'
import { BaseCommand } from '../cli/base.js'
import { checkProfileName, removeProfile } from '../cli/profiles.js'
import { UsageError } from '../lib/errors.js'

export default class Logout extends BaseCommand {
  static override description = 'Forget a saved profile (its URL and key) from your config directory.'
  static override examples = ['<%= config.bin %> logout', '<%= config.bin %> logout --profile staging']
  static override baseFlags = {} as typeof BaseCommand.baseFlags
  static override flags = {
    profile: Flags.string({ description: 'The profile name', default: 'default' }),
  }

  async run() {
    const { flags } = await this.parse(Logout)
    const name = checkProfileName(flags.profile)
    if (!(await removeProfile(name))) throw new UsageError(`No profile "${name}" is saved`)
    this.log(`Forgot profile "${name}"`)
    return { profile: name, removed: true }
  }
}

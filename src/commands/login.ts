import { Flags } from '@oclif/core'
import { BaseCommand } from '../cli/base.js'
import { allowInsecureApiUrlFlag, normalizeApiUrl } from '../cli/listen.js'
import { checkProfileName, saveProfile } from '../cli/profiles.js'
import { UsageError } from '../lib/errors.js'
import { escapeForTerminalLine } from '../lib/terminal-text.js'

export default class Login extends BaseCommand {
  static override description = [
    "Save an appliance's API URL and key as a profile, so `shopapi listen` needs neither flag again.",
    'The key is checked with GET /v1/shop first. Profiles live in your config directory (profiles.json, readable by you only); the first saved is the default, --profile NAME picks another, `shopapi logout` forgets one.',
  ].join('\n')
  static override examples = [
    '<%= config.bin %> login --api-url https://shop.example --api-key shopapi_…',
    '<%= config.bin %> login --profile staging --api-url http://127.0.0.1:8080 --api-key shopapi_…',
  ]
  // No database: a profile is for the API, from any machine that reaches it.
  static override baseFlags = {} as typeof BaseCommand.baseFlags
  static override flags = {
    'api-url': Flags.string({ description: "The appliance's API, e.g. https://shop.example/v1", required: true }),
    'api-key': Flags.string({
      description: 'An API key (kept in the profile file, readable by you only)',
      required: true,
    }),
    profile: Flags.string({ description: 'The profile name', default: 'default' }),
    default: Flags.boolean({ description: 'Make this profile the default', default: false }),
    [allowInsecureApiUrlFlag]: Flags.boolean({
      description: 'Accept a plain http:// --api-url to a host other than this machine',
      default: false,
    }),
  }

  async run() {
    const { flags } = await this.parse(Login)
    const name = checkProfileName(flags.profile)
    const apiUrl = normalizeApiUrl(flags['api-url'], { allowInsecure: flags[allowInsecureApiUrlFlag] })
    const apiKey = flags['api-key'].trim()
    let response: Response
    try {
      response = await fetch(`${apiUrl}/shop`, {
        headers: { authorization: `Bearer ${apiKey}` },
        signal: AbortSignal.timeout(10_000),
      })
    } catch (error) {
      throw new UsageError(`Could not reach ${apiUrl} (${(error as Error).message}): check --api-url`)
    }
    if (response.status === 401) throw new UsageError(`${apiUrl} refused the key (401): check --api-key`)
    if (response.status === 403) {
      throw new UsageError(
        `The key works but lacks shop.read, which login checks it with: add the scope or use another key`,
      )
    }
    if (!response.ok) throw new UsageError(`${apiUrl}/shop answered ${response.status}: check --api-url`)
    const shop = (await response.json()) as { id: string; name: string }
    const saved = await saveProfile(
      name,
      { api_url: apiUrl, api_key: apiKey, shop: { id: shop.id, name: shop.name } },
      { makeDefault: flags.default },
    )
    this.log(
      `Saved profile "${name}"${saved.isDefault ? ' (the default)' : ''}: ${apiUrl}, shop ${shop.id} "${escapeForTerminalLine(shop.name)}", key ${apiKey.slice(0, 20)}…, in ${saved.file}`,
    )
    return {
      profile: name,
      default: saved.isDefault,
      api_url: apiUrl,
      shop: { id: shop.id, name: shop.name },
      file: saved.file,
    }
  }
}

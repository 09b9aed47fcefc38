import { Flags } from '@oclif/core'
import { BaseCommand } from '../cli/base.js'
import { allowInsecureApiUrlFlag, normalizeApiUrl } from '../cli/listen.js'
import { serveStdio } from '../cli/mcp.js'
import { checkProfileName, findProfile } from '../cli/profiles.js'
import { UsageError } from '../lib/errors.js'

export default class Mcp extends BaseCommand {
  static override description =
    "Serve the appliance's API to a desktop AI assistant over MCP (stdio): one tool per API operation the key's scopes allow (destructive and money-moving ones are never offered), the OpenAPI document and the shop profile as resources, and prompts for the front desk. Every call is a request to --api-url as the key, so the assistant sees and does no more than the key. Standard output carries the protocol; nothing else is printed there."
  static override examples = [
    '<%= config.bin %> mcp --api-url https://shop.example/v1 --api-key shopapi_…',
    '<%= config.bin %> mcp --profile front-desk',
  ]
  // No database: the assistant reaches the appliance through its API, from any machine.
  static override baseFlags = {} as typeof BaseCommand.baseFlags
  static override enableJsonFlag = false
  static override flags = {
    'api-url': Flags.string({
      description:
        "The appliance's API, e.g. https://shop.example/v1 (/v1 is added when missing); plain http:// only to this machine unless --allow-insecure-api-url",
      env: 'SHOPAPI_API_URL',
    }),
    [allowInsecureApiUrlFlag]: Flags.boolean({
      description:
        'Accept a plain http:// --api-url to a host other than this machine: the key and the data then cross the network unencrypted',
      default: false,
    }),
    'api-key': Flags.string({
      description: 'The API key the assistant acts as: it sees and does what the key’s scopes allow',
      env: 'SHOPAPI_API_KEY',
    }),
    profile: Flags.string({
      description:
        'The saved profile whose API URL and key to use when --api-url and --api-key are not given (default: the default profile; see shopapi login)',
    }),
  }

  async run() {
    const { flags } = await this.parse(Mcp)
    const profile =
      flags['api-url'] === undefined || flags['api-key'] === undefined
        ? await findProfile(flags.profile === undefined ? undefined : checkProfileName(flags.profile))
        : undefined
    const givenUrl = flags['api-url'] ?? profile?.api_url
    const apiKey = flags['api-key'] ?? profile?.api_key
    if (givenUrl === undefined || apiKey === undefined) {
      throw new UsageError('Give --api-url and --api-key, or save them once with shopapi login --api-url … --api-key …')
    }
    const apiUrl = normalizeApiUrl(givenUrl, { allowInsecure: flags[allowInsecureApiUrlFlag] })
    await serveStdio(apiUrl, apiKey)
  }
}

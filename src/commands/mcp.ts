import { Flags } from '@oclif/core'
import { apiProfileFlag, apiUrlFlag, resolveApiTarget } from '../cli/api-target.js'
import { BaseCommand } from '../cli/base.js'
import { allowInsecureApiUrlFlag } from '../cli/listen.js'
import { serveStdio } from '../cli/mcp.js'

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
    'api-url': apiUrlFlag,
    [allowInsecureApiUrlFlag]: Flags.boolean({
      description:
        'Accept a plain http:// --api-url to a host other than this machine: the key and the data then cross the network unencrypted',
      default: false,
    }),
    'api-key': Flags.string({
      description: 'The API key the assistant acts as: it sees and does what the key’s scopes allow',
      env: 'SHOPAPI_API_KEY',
    }),
    profile: apiProfileFlag,
  }

  async run() {
    const { flags } = await this.parse(Mcp)
    const { apiUrl, apiKey } = await resolveApiTarget({
      apiUrl: flags['api-url'],
      apiKey: flags['api-key'],
      profile: flags.profile,
      allowInsecure: flags[allowInsecureApiUrlFlag],
    })
    await serveStdio(apiUrl, apiKey)
  }
}

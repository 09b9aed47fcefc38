import { Flags } from '@oclif/core'
import { UsageError } from '../lib/errors.js'
import { normalizeApiUrl } from './listen.js'
import { checkProfileName, findProfile } from './profiles.js'

// The commands that reach an appliance through its API rather than a database (listen, mcp): the API
// and key they are given, or a profile saved with `shopapi login`.

/** `--api-url` of the commands that talk to the API. */
export const apiUrlFlag = Flags.string({
  description:
    "The appliance's API, e.g. https://shop.example/v1 (/v1 is added when missing); plain http:// only to this machine unless --allow-insecure-api-url",
  env: 'SHOPAPI_API_URL',
})

/** `--profile`: where the URL and key come from when the flags leave them out. */
export const apiProfileFlag = Flags.string({
  description:
    'The saved profile whose API URL and key to use when --api-url and --api-key are not given (default: the default profile; see shopapi login)',
})

/**
 * The API base and key: --api-url and --api-key win; what they leave out comes from the profile
 * (the named one, else the default). Neither given nor saved is a usage error.
 */
export async function resolveApiTarget(given: {
  apiUrl: string | undefined
  apiKey: string | undefined
  profile: string | undefined
  allowInsecure: boolean
}): Promise<{ apiUrl: string; apiKey: string }> {
  const profile =
    given.apiUrl === undefined || given.apiKey === undefined
      ? await findProfile(given.profile === undefined ? undefined : checkProfileName(given.profile))
      : undefined
  const givenUrl = given.apiUrl ?? profile?.api_url
  const apiKey = given.apiKey ?? profile?.api_key
  if (givenUrl === undefined || apiKey === undefined) {
    throw new UsageError('Give --api-url and --api-key, or save them once with shopapi login --api-url … --api-key …')
  }
  return { apiUrl: normalizeApiUrl(givenUrl, { allowInsecure: given.allowInsecure }), apiKey }
}

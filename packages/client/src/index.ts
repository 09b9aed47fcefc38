// A typed client for shopapi's REST API v1: openapi-fetch over the types openapi-typescript generates
// from the frozen OpenAPI document (src/schema.ts, written by `npm run packages`, never edited by hand).
import createClient, { type Client, type ClientOptions } from 'openapi-fetch'
import type { paths } from './schema.js'

export type { components, operations, paths } from './schema.js'

export interface ShopApiClientOptions {
  /** The appliance's origin, e.g. `https://shop.example` (the client adds `/v1`). */
  baseUrl: string
  /** An API key (`shopapi_…`), sent as `Authorization: Bearer`. */
  apiKey: string
  /** Headers sent with every request, beside Authorization. */
  headers?: Record<string, string>
  /** A fetch of your own (tests, proxies); the global fetch when left out. */
  fetch?: ClientOptions['fetch']
}

export type ShopApiClient = Client<paths>

/** `client.GET('/customers', { params: { query: { limit: 10 } } })` → `{ data, error, response }`, typed. */
export function createShopApiClient(options: ShopApiClientOptions): ShopApiClient {
  return createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}/v1`,
    headers: { ...options.headers, authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
}

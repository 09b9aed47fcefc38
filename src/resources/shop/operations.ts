import { defineOperation } from '../../platform/operation.js'
import { type ShopRow, shopCapabilities } from '../../platform/tenancy/shops.js'
import { type Shop, ShopSchema } from './schema.js'

export function toShopResource(row: ShopRow): Shop {
  return {
    id: row.public_id,
    object: 'shop',
    name: row.name,
    timezone: row.timezone,
    currency: row.currency,
    capabilities: shopCapabilities(row),
  }
}

export const shopOperations = [
  defineOperation({
    method: 'GET',
    path: '/shop',
    operationId: 'getShop',
    summary: 'Get the shop',
    description:
      "The first call an integration should make: the shop's time zone, currency and capabilities, so the integration can adapt.",
    tag: 'Shop',
    scopes: ['shop.read'],
    success: { status: 200, description: 'The shop', schema: ShopSchema },
    handler: async ({ auth }) => toShopResource(auth.shop),
  }),
]

import type { ApiKeyRow } from '../platform/tenancy/api-keys.js'
import type { IntegrationRow } from '../platform/tenancy/integrations.js'
import type { ShopRow } from '../platform/tenancy/shops.js'

// What commands print: public ids only, instants as RFC 3339, never a secret or a hash.
export function presentShop(shop: ShopRow) {
  return {
    id: shop.public_id,
    name: shop.name,
    timezone: shop.timezone,
    currency: shop.currency,
    confirm_bookings: shop.confirm_bookings,
    created_at: shop.created_at.toISOString(),
  }
}

export function presentIntegration(integration: IntegrationRow & { live_keys?: number }) {
  return {
    id: integration.public_id,
    shop_id: integration.shop_public_id,
    name: integration.name,
    scopes: integration.scopes,
    status: integration.status,
    ...(integration.live_keys === undefined ? {} : { live_keys: integration.live_keys }),
    created_at: integration.created_at.toISOString(),
    updated_at: integration.updated_at.toISOString(),
  }
}

export function presentApiKey(key: ApiKeyRow) {
  return {
    id: key.public_id,
    integration_id: key.integration_public_id,
    prefix: key.display_prefix,
    status: key.revoked_at ? 'revoked' : 'live',
    created_at: key.created_at.toISOString(),
    last_used_at: key.last_used_at?.toISOString() ?? null,
    revoked_at: key.revoked_at?.toISOString() ?? null,
  }
}

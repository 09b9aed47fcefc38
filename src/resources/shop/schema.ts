import { z } from 'zod'
import { visible } from '../../platform/schemas.js'
import { capabilityFlags } from '../../platform/tenancy/shops.js'

export const CapabilitiesSchema = z
  .object(
    Object.fromEntries(capabilityFlags.map((flag) => [flag, visible(z.boolean())])) as Record<
      (typeof capabilityFlags)[number],
      z.ZodBoolean
    >,
  )
  .catchall(z.boolean())
  .meta({
    id: 'ShopCapabilities',
    description: 'Optional features of this shop. More flags may appear; treat a missing flag as false.',
  })

export const ShopSchema = z
  .object({
    id: visible(z.string().meta({ description: 'shop_ id', example: 'shop_4bW2yXk0fT9QmZr7LcVd1p' })),
    object: visible(z.literal('shop')),
    name: visible(z.string()),
    timezone: visible(z.string().meta({ description: 'IANA time zone of the shop', example: 'America/Chicago' })),
    currency: visible(z.string().meta({ description: 'ISO 4217 code of every amount of this shop', example: 'USD' })),
    capabilities: visible(CapabilitiesSchema),
  })
  .meta({ id: 'Shop', description: 'The shop whose data the API key reaches' })

export type Shop = z.infer<typeof ShopSchema>

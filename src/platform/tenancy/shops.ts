import type pg from 'pg'
import type { Queryable } from '../../db/pool.js'
import { withTransaction } from '../../db/pool.js'
import { ApiError } from '../../lib/errors.js'
import { newPublicId } from '../../lib/ids.js'
import { isIanaTimeZone, isIsoCurrency } from '../../lib/locale.js'

export interface ShopRow {
  id: string
  public_id: string
  name: string
  timezone: string
  currency: string
  /** When true, a booking through the API is `requested` until the shop confirms it; shop-side only. */
  confirm_bookings: boolean
  created_at: Date
  updated_at: Date
}

export interface NewShop {
  name: string
  timezone: string
  currency: string
}

// Capability flags (spec "Shop"): every flag is false until the feature that sets it lands.
export const capabilityFlags = ['online_booking', 'tire_storage'] as const
export type Capabilities = Record<(typeof capabilityFlags)[number], boolean>

/** online_booking: the appointments API books on the shop's hours (it is always there). */
export function shopCapabilities(_shop: ShopRow): Capabilities {
  return { online_booking: true, tire_storage: false }
}

export const shopDefaults: NewShop = { name: 'My Shop', timezone: 'America/New_York', currency: 'USD' }

const shopColumns = 'id, public_id, name, timezone, currency, confirm_bookings, created_at, updated_at'

export function validateNewShop(input: NewShop): NewShop {
  const name = input.name.trim()
  if (name.length < 1 || name.length > 200) {
    throw new ApiError('invalid_request', 'Shop name must be 1-200 characters', { param: 'name' })
  }
  if (!isIanaTimeZone(input.timezone)) {
    throw new ApiError('invalid_request', `"${input.timezone}" is not an IANA time zone such as America/Chicago`, {
      param: 'timezone',
    })
  }
  const currency = input.currency.toUpperCase()
  if (!isIsoCurrency(currency)) {
    throw new ApiError('invalid_request', `"${input.currency}" is not an ISO 4217 currency code such as USD`, {
      param: 'currency',
    })
  }
  return { name, timezone: input.timezone, currency }
}

export async function createShop(db: Queryable, input: NewShop): Promise<ShopRow> {
  const shop = validateNewShop(input)
  const result = await db.query<ShopRow>(
    `insert into shops (public_id, name, timezone, currency) values ($1::text, $2::text, $3::text, $4::text)
     returning ${shopColumns}`,
    [newPublicId('shop'), shop.name, shop.timezone, shop.currency],
  )
  return result.rows[0] as ShopRow
}

export async function listShops(db: Queryable): Promise<ShopRow[]> {
  const result = await db.query<ShopRow>(`select ${shopColumns} from shops order by created_at, id`)
  return result.rows
}

export async function findShopByPublicId(db: Queryable, publicId: string): Promise<ShopRow | null> {
  const result = await db.query<ShopRow>(`select ${shopColumns} from shops where public_id = $1::text`, [publicId])
  return result.rows[0] ?? null
}

/** Shop-side settings a staff member changes; absent ones stay as they are. */
export interface ShopSettings {
  name?: string
  timezone?: string
  currency?: string
  confirmBookings?: boolean
}

/** What a settings change did beyond the shop's row: the bookings a time-zone change leaves as they were. */
export interface ShopSettingsChange {
  shop: ShopRow
  /** Upcoming appointments still in the zone they were booked in (a time-zone change only). */
  appointmentsInPreviousZone: number
}

// The records whose amounts are in the shop's currency without saying so: repair orders (and their
// jobs), the catalog's parts and canned jobs. Invoices and payments record their own currency.
const amountTables = ['repair_orders', 'invoices', 'payments', 'inventory_items', 'canned_jobs'] as const

/**
 * Changes the shop's settings (docs/decisions/operations.md, "Changing a shop's name, time zone and
 * currency"): the name always; the currency only while the shop has no record with an amount, since
 * amounts would otherwise change meaning; the time zone always, for what happens from now on (the
 * opening hours are read in the new zone, new bookings are made in it): each appointment keeps the
 * zone, date and time it was booked with, and the caller is told how many upcoming ones that is.
 */
export async function updateShopSettings(
  db: Queryable,
  shopId: string,
  settings: ShopSettings,
): Promise<ShopSettingsChange> {
  const current = await db.query<ShopRow>(`select ${shopColumns} from shops where id = $1::uuid for update`, [shopId])
  const shop = current.rows[0]
  if (!shop) throw new ApiError('not_found', 'No such shop', { param: 'shop' })
  const next = validateNewShop({
    name: settings.name ?? shop.name,
    timezone: settings.timezone ?? shop.timezone,
    currency: settings.currency ?? shop.currency,
  })
  if (next.currency !== shop.currency) {
    const { rows } = await db.query<{ table: string }>(
      amountTables
        .map((table) => `(select '${table}' as table from ${table} where shop_id = $1::uuid limit 1)`)
        .join(' union all '),
      [shopId],
    )
    if (rows.length > 0) {
      throw new ApiError(
        'conflict',
        `The currency cannot change from ${shop.currency} to ${next.currency}: the shop already has ${rows.map((row) => row.table.replaceAll('_', ' ')).join(', ')} whose amounts are in ${shop.currency}`,
        { param: 'currency' },
      )
    }
  }
  let appointmentsInPreviousZone = 0
  if (next.timezone !== shop.timezone) {
    const { rows } = await db.query<{ count: number }>(
      `select count(*)::int as count from appointments
       where shop_id = $1::uuid and starts_at > now() and timezone <> $2::text
         and status in ('requested', 'booked', 'arrived')`,
      [shopId, next.timezone],
    )
    appointmentsInPreviousZone = rows[0]?.count ?? 0
  }
  const result = await db.query<ShopRow>(
    `update shops set name = $2::text, timezone = $3::text, currency = $4::text,
       confirm_bookings = coalesce($5::boolean, confirm_bookings), updated_at = date_trunc('milliseconds', now())
     where id = $1::uuid
     returning ${shopColumns}`,
    [shopId, next.name, next.timezone, next.currency, settings.confirmBookings ?? null],
  )
  return { shop: result.rows[0] as ShopRow, appointmentsInPreviousZone }
}

/**
 * The shop a shop-level command acts on: the one named, or the only one. Operators may leave the
 * shop out on the common single-shop appliance.
 */
export async function resolveShop(db: Queryable, publicId: string | undefined): Promise<ShopRow> {
  if (publicId) {
    const shop = await findShopByPublicId(db, publicId)
    if (!shop) throw new ApiError('not_found', `No shop with id ${publicId}`, { param: 'shop' })
    return shop
  }
  const shops = await listShops(db)
  if (shops.length === 1) return shops[0] as ShopRow
  if (shops.length === 0) {
    throw new ApiError('not_found', 'No shop exists yet: start `shopapi serve` or run `shopapi shops create`', {
      param: 'shop',
    })
  }
  throw new ApiError('invalid_request', `${shops.length} shops exist: name one with --shop`, { param: 'shop' })
}

/** Creates the first shop unless one exists; safe when several processes start at once. */
export async function ensureFirstShop(pool: pg.Pool, input: NewShop): Promise<{ shop: ShopRow; created: boolean }> {
  validateNewShop(input)
  return withTransaction(pool, async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('shopapi.first-shop'))")
    const existing = await tx.query<ShopRow>(`select ${shopColumns} from shops order by created_at, id limit 1`)
    if (existing.rows[0]) return { shop: existing.rows[0], created: false }
    return { shop: await createShop(tx, input), created: true }
  })
}

import { Flags } from '@oclif/core'
import type pg from 'pg'
import { type Queryable, withTransaction } from '../db/pool.js'
import { ApiError, UsageError } from '../lib/errors.js'
import { type IdKind, idPrefixes, isPublicId } from '../lib/ids.js'
import type { Actor } from '../platform/events.js'
import { findShopByPublicId, listShops, type ShopRow } from '../platform/tenancy/shops.js'
import { BaseCommand } from './base.js'
import { findDefaultShop } from './profiles.js'

/** What a staff change or read is given: its transaction (or the pool), the shop, and the actor. */
export interface StaffContext {
  /** Changes: the one transaction of the change and its events. Reads: the pool. */
  db: Queryable
  pool: pg.Pool
  shop: ShopRow
  /** The shop's own staff: events carry no integration, and no integration's external ids are read. */
  actor: Actor
}

/** Where a command's shop comes from: `--shop`, the record it names, or the only shop there is. */
export interface ShopSource {
  shop?: string | undefined
  /** A record the command addresses: its shop is the command's (its table has a public_id index). */
  record?: { table: string; kind: IdKind; publicId: string; param?: string }
}

/**
 * The staff side of the API, mirroring the HTTP operation runner: one transaction per change, the
 * actor is the shop's staff, the events a change causes are recorded in that transaction (by the same
 * resource services the API uses), `--json` prints the object a change returns, and errors are the
 * same one line (`Error: ...`) or JSON envelope as every command's.
 */
export abstract class StaffCommand extends BaseCommand {
  static override baseFlags = {
    ...BaseCommand.baseFlags,
    shop: Flags.string({
      description:
        'The shop (shop_...); needed only when the appliance serves several shops and none is set with `shopapi shops use`',
      env: 'SHOPAPI_SHOP',
      helpGroup: 'GLOBAL',
    }),
  }

  /** Runs `change` in one transaction as the shop's staff. */
  protected async staffChange<T>(
    flags: { 'database-url'?: string | undefined } & ShopSource,
    change: (context: StaffContext) => Promise<T>,
  ): Promise<T> {
    const { pool, shop, actor } = await this.staffContext(flags)
    return withTransaction(pool, (tx) => change({ db: tx, pool, shop, actor }))
  }

  /** Runs `read` on the pool as the shop's staff. */
  protected async staffRead<T>(
    flags: { 'database-url'?: string | undefined } & ShopSource,
    read: (context: StaffContext) => Promise<T>,
  ): Promise<T> {
    const { pool, shop, actor } = await this.staffContext(flags)
    return read({ db: pool, pool, shop, actor })
  }

  private async staffContext(flags: { 'database-url'?: string | undefined } & ShopSource) {
    const pool = await this.staffPool(flags)
    const shop = await resolveShop(pool, flags)
    const actor: Actor = { shopId: shop.id, integrationId: null }
    return { pool, shop, actor }
  }

  private async staffPool(flags: { 'database-url'?: string | undefined }): Promise<pg.Pool> {
    const database = await this.openDatabase(flags['database-url'])
    return database.pool
  }

  /** Prints one object as a two-column table of its fields (people); `--json` prints it whole. */
  protected printRecord(record: Record<string, unknown>, fields?: string[]): void {
    const keys = fields ?? Object.keys(record)
    this.printTable(
      keys.map((key) => ({ field: key, value: describeValue(record[key]) })),
      [
        { key: 'field', header: 'Field' },
        { key: 'value', header: 'Value' },
      ],
    )
  }
}

function describeValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value)
  return value
}

/** The shop a staff command works in, or a usage error saying how to name it. */
export async function resolveShop(pool: Queryable, source: ShopSource): Promise<ShopRow> {
  // A record id of the wrong kind is refused whichever way the shop is named.
  if (source.record && !isPublicId(source.record.kind, source.record.publicId)) {
    const { kind, publicId, param } = source.record
    throw new ApiError('invalid_id', `"${publicId}" is not a ${recordNoun(kind)} id (${idPrefixes[kind]}_...)`, {
      param: param ?? 'id',
    })
  }
  if (source.shop !== undefined) {
    if (!isPublicId('shop', source.shop)) {
      throw new ApiError('invalid_id', `"${source.shop}" is not a shop id (shop_...)`, { param: 'shop' })
    }
    const shop = await findShopByPublicId(pool, source.shop)
    if (!shop) throw new UsageError(`No shop ${source.shop}: \`shopapi shops list\` shows them`)
    return shop
  }
  if (source.record) {
    const { table, kind, publicId, param } = source.record
    const noun = recordNoun(kind)
    const { rows } = await pool.query<{ public_id: string }>(
      `select s.public_id from ${table} t join shops s on s.id = t.shop_id where t.public_id = $1::text`,
      [publicId],
    )
    const found = rows[0]
    if (!found) throw new ApiError('not_found', `No ${noun} ${publicId}`, { param: param ?? 'id' })
    return (await findShopByPublicId(pool, found.public_id)) as ShopRow
  }
  const saved = await findDefaultShop(await databaseKey(pool))
  if (saved !== undefined) {
    const shop = await findShopByPublicId(pool, saved)
    if (shop) return shop
    throw new UsageError(
      `The default shop ${saved} (set with \`shopapi shops use\`) no longer exists: pick another with \`shopapi shops use shop_...\` or forget it with \`shopapi shops use --clear\``,
    )
  }
  const shops = await listShops(pool)
  if (shops.length === 1) return shops[0] as ShopRow
  if (shops.length === 0)
    throw new UsageError('No shop yet: create one with `shopapi shops create` (or run `serve` once)')
  throw new UsageError(
    `This appliance serves ${shops.length} shops: name one with --shop shop_..., or set one for every command with \`shopapi shops use shop_...\``,
  )
}

/**
 * Which database this is, for the default shop saved per database: the cluster's system identifier
 * (fixed at initdb, the same on every connection to it) and the database's name.
 */
export async function databaseKey(pool: Queryable): Promise<string> {
  const { rows } = await pool.query<{ key: string }>(
    "select (select system_identifier from pg_control_system())::text || '/' || current_database() as key",
  )
  return (rows[0] as { key: string }).key
}

/** The shop saved with `shopapi shops use` for this database, if any. */
export async function savedDefaultShop(pool: Queryable): Promise<string | undefined> {
  return findDefaultShop(await databaseKey(pool))
}

/** `repairOrder` reads as "repair order" in a message. */
function recordNoun(kind: IdKind): string {
  return kind.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
}

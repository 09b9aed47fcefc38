import type { Queryable } from '../db/pool.js'

/** The public ids a table of staff output names, by kind; each is shown with its name beside it. */
export interface NamedIds {
  customers?: (string | null | undefined)[]
  vehicles?: (string | null | undefined)[]
  technicians?: (string | null | undefined)[]
}

/** id -> what people call it: a customer's name, a vehicle's year, make, model and plate, a technician's name. */
export type Names = ReadonlyMap<string, string>

const present = (ids: (string | null | undefined)[] | undefined): string[] => [
  ...new Set((ids ?? []).filter((id): id is string => typeof id === 'string')),
]

/**
 * The names of the customers, vehicles and technicians a table shows, read in one statement of the
 * shop's own rows (an id of another shop, or none, has no name: the table shows the id alone).
 */
export async function namesOf(db: Queryable, shopId: string, ids: NamedIds): Promise<Names> {
  const customers = present(ids.customers)
  const vehicles = present(ids.vehicles)
  const technicians = present(ids.technicians)
  if (customers.length + vehicles.length + technicians.length === 0) return new Map()
  const { rows } = await db.query<{ public_id: string; name: string }>(
    `select public_id, concat_ws(' ', first_name, last_name)
         || case when company_name is not null then ' (' || company_name || ')' else '' end as name
       from customers where shop_id = $1::uuid and public_id = any($2::text[])
     union all
     select public_id, coalesce(nullif(concat_ws(' ', year::text, make, model), ''), vin, 'Vehicle')
         || case when plate is not null then ' [' || plate || ']' else '' end
       from vehicles where shop_id = $1::uuid and public_id = any($3::text[])
     union all
     select public_id, name from technicians where shop_id = $1::uuid and public_id = any($4::text[])`,
    [shopId, customers, vehicles, technicians],
  )
  return new Map(rows.map((row) => [row.public_id, row.name]))
}

/** The name of `id` in `names`, or null (the table prints "-") when it has none or there is no id. */
export function nameOf(names: Names, id: string | null | undefined): string | null {
  return id ? (names.get(id) ?? null) : null
}

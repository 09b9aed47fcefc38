import { Flags } from '@oclif/core'
import { vehicleColumns, vehicleRow } from '../../cli/front-desk.js'
import { nameOf, namesOf } from '../../cli/names.js'
import { parseQueryFlags } from '../../cli/record-flags.js'
import { StaffCommand } from '../../cli/staff.js'
import { listRecords } from '../../platform/resource.js'
import { vehicleDefinition } from '../../resources/vehicles/definition.js'
import { toVehicleResource } from '../../resources/vehicles/operations.js'
import { VehicleListQuerySchema } from '../../resources/vehicles/schema.js'

export default class VehiclesList extends StaffCommand {
  static override description =
    "Find vehicles, newest first, each with its owner's name: a customer's (--customer), by exact VIN, by plate (ignoring case, spaces and hyphens), or --search for a part of the VIN, year, make, model, color, plate or unit number (2-100 characters, as the API's q)."
  static override examples = [
    '<%= config.bin %> vehicles list --customer cus_4bW2yXk0fT9QmZr7LcVd1p',
    '<%= config.bin %> vehicles list --plate "abc-123"',
    '<%= config.bin %> vehicles list --search civic --json',
  ]
  static override flags = {
    customer: Flags.string({ description: "Only this customer's vehicles (cus_...)" }),
    vin: Flags.string({ description: 'Exact VIN' }),
    plate: Flags.string({ description: 'Licence plate' }),
    search: Flags.string({ description: 'Part of the VIN, year, make, model, color, plate or unit number' }),
    lifecycle: Flags.string({ description: 'active (default), archived or all' }),
    limit: Flags.string({ description: 'How many, 1-200', default: '50' }),
  }

  async run() {
    const { flags } = await this.parse(VehiclesList)
    // The API's own query rules (q's length, the filters' limits, limit's range).
    const query = parseQueryFlags(
      VehicleListQuerySchema,
      {
        limit: flags.limit,
        customer: flags.customer,
        vin: flags.vin,
        plate: flags.plate,
        q: flags.search,
        lifecycle: flags.lifecycle,
      },
      { q: 'search' },
    )
    // A customer's vehicles are in that customer's shop: no --shop needed.
    const record = flags.customer
      ? ({ table: 'customers', kind: 'customer', publicId: flags.customer, param: 'customer' } as const)
      : undefined
    const { vehicles, names } = await this.staffRead({ ...flags, record }, async ({ db, actor, shop }) => {
      const { limit, cursor: _cursor, sort, ...filters } = query
      const page = await listRecords(vehicleDefinition, db, actor, filters, { sort: sort ?? 'created_at', limit })
      const vehicles = page.rows.map(toVehicleResource)
      const names = await namesOf(db, shop.id, { customers: vehicles.map((vehicle) => vehicle.customer_id) })
      return { vehicles, names }
    })
    this.printTable(
      vehicles.map((vehicle) => vehicleRow(vehicle, nameOf(names, vehicle.customer_id))),
      vehicleColumns,
    )
    return vehicles
  }
}

import { Args } from '@oclif/core'
import { customerFields, customerName, vehicleColumns, vehicleRow } from '../../cli/front-desk.js'
import { StaffCommand } from '../../cli/staff.js'
import { parseInput } from '../../platform/operation.js'
import { listRecords } from '../../platform/resource.js'
import { toCustomerResource } from '../../resources/customers/operations.js'
import { getCustomer } from '../../resources/customers/service.js'
import { vehicleDefinition } from '../../resources/vehicles/definition.js'
import { toVehicleResource } from '../../resources/vehicles/operations.js'
import { VehicleListQuerySchema } from '../../resources/vehicles/schema.js'

// A customer's vehicles on one screen: a household or a small fleet. A larger fleet: `vehicles list`.
const vehiclesShown = 50

export default class CustomersShow extends StaffCommand {
  static override description =
    "Show a customer and their vehicles. --json prints the customer as the API's GET /customers/{id} does (vehicles: `vehicles list --customer`)."
  static override examples = [
    '<%= config.bin %> customers show cus_4bW2yXk0fT9QmZr7LcVd1p',
    '<%= config.bin %> customers show cus_4bW2yXk0fT9QmZr7LcVd1p --json',
  ]
  static override args = {
    id: Args.string({ description: 'The customer (cus_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(CustomersShow)
    const record = { table: 'customers', kind: 'customer', publicId: args.id } as const
    const { customer, vehicles, more } = await this.staffRead({ ...flags, record }, async ({ db, actor }) => {
      const customer = toCustomerResource(await getCustomer(db, actor, args.id, { param: 'id' }))
      const {
        limit,
        cursor: _cursor,
        sort,
        ...filters
      } = parseInput(VehicleListQuerySchema, { customer: args.id, limit: String(vehiclesShown) }, 'query')
      const page = await listRecords(vehicleDefinition, db, actor, filters, { sort: sort ?? 'created_at', limit })
      return { customer, vehicles: page.rows.map(toVehicleResource), more: page.hasMore }
    })
    this.printRecord(customerFields(customer))
    this.printTableSection(
      more ? `Vehicles (the newest ${vehiclesShown}: vehicles list --customer ${customer.id})` : 'Vehicles',
      vehicles.map((vehicle) => vehicleRow(vehicle, customerName(customer))),
      vehicleColumns,
    )
    return customer
  }
}

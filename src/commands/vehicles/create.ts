import { Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { vehicleFields } from '../../cli/front-desk.js'
import { nameOf, namesOf } from '../../cli/names.js'
import { vehicleFlags, vehicleInput } from '../../cli/record-flags.js'
import { StaffCommand } from '../../cli/staff.js'
import { toVehicleResource } from '../../resources/vehicles/operations.js'
import { VehicleCreateSchema } from '../../resources/vehicles/schema.js'
import { createVehicle } from '../../resources/vehicles/service.js'

export default class VehiclesCreate extends StaffCommand {
  static override description =
    "Add a customer's vehicle, with the API's rules (a VIN is 17 characters without I, O or Q, its check digit verified for North American VINs; a merged customer is refused, naming the survivor). Records vehicle.created."
  static override examples = [
    '<%= config.bin %> vehicles create --customer cus_4bW2yXk0fT9QmZr7LcVd1p --vin 1HGCM82633A004352 --year 2003 --make Honda --model Accord --plate "ABC 123"',
    '<%= config.bin %> vehicles create --customer cus_4bW2yXk0fT9QmZr7LcVd1p --make Ford --model Transit --unit-number 14 --json',
  ]
  static override flags = {
    customer: Flags.string({ description: 'The owner (cus_...)', required: true }),
    ...vehicleFlags,
  }

  async run() {
    const { flags } = await this.parse(VehiclesCreate)
    const input = parseFlags(VehicleCreateSchema, vehicleInput(flags), { customer_id: 'customer' })
    const record = { table: 'customers', kind: 'customer', publicId: flags.customer, param: 'customer' } as const
    const { vehicle, owner } = await this.staffChange({ ...flags, record }, async ({ db, actor, shop }) => {
      const vehicle = toVehicleResource(await createVehicle(db, actor, input))
      return {
        vehicle,
        owner: nameOf(await namesOf(db, shop.id, { customers: [vehicle.customer_id] }), vehicle.customer_id),
      }
    })
    this.printRecord(vehicleFields(vehicle, owner))
    return vehicle
  }
}

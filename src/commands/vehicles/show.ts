import { Args } from '@oclif/core'
import { vehicleFields } from '../../cli/front-desk.js'
import { nameOf, namesOf } from '../../cli/names.js'
import { StaffCommand } from '../../cli/staff.js'
import { toVehicleResource } from '../../resources/vehicles/operations.js'
import { getVehicle } from '../../resources/vehicles/service.js'

export default class VehiclesShow extends StaffCommand {
  static override description =
    "Show a vehicle with its owner's name. --json prints the vehicle as the API's GET /vehicles/{id} does."
  static override examples = [
    '<%= config.bin %> vehicles show veh_4bW2yXk0fT9QmZr7LcVd1p',
    '<%= config.bin %> vehicles show veh_4bW2yXk0fT9QmZr7LcVd1p --json',
  ]
  static override args = {
    id: Args.string({ description: 'The vehicle (veh_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(VehiclesShow)
    const record = { table: 'vehicles', kind: 'vehicle', publicId: args.id } as const
    const { vehicle, owner } = await this.staffRead({ ...flags, record }, async ({ db, actor, shop }) => {
      const vehicle = toVehicleResource(await getVehicle(db, actor, args.id, { param: 'id' }))
      const names = await namesOf(db, shop.id, { customers: [vehicle.customer_id] })
      return { vehicle, owner: nameOf(names, vehicle.customer_id) }
    })
    this.printRecord(vehicleFields(vehicle, owner))
    return vehicle
  }
}

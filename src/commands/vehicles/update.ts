import { Args, Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { vehicleFields } from '../../cli/front-desk.js'
import { nameOf, namesOf } from '../../cli/names.js'
import { vehicleFlags, vehicleInput } from '../../cli/record-flags.js'
import { StaffCommand } from '../../cli/staff.js'
import { UsageError } from '../../lib/errors.js'
import { toVehicleResource } from '../../resources/vehicles/operations.js'
import { VehicleUpdateSchema } from '../../resources/vehicles/schema.js'
import { updateVehicle } from '../../resources/vehicles/service.js'

export default class VehiclesUpdate extends StaffCommand {
  static override description =
    "Change a vehicle as the API's PATCH does: only the flags given change, '' clears a field, --customer gives it to another customer, and a change that changes nothing is refused. Records vehicle.updated."
  static override examples = [
    '<%= config.bin %> vehicles update veh_4bW2yXk0fT9QmZr7LcVd1p --odometer 84210 --plate "XYZ 789"',
    '<%= config.bin %> vehicles update veh_4bW2yXk0fT9QmZr7LcVd1p --customer cus_4bW2yXk0fT9QmZr7LcVd1q',
  ]
  static override args = {
    id: Args.string({ description: 'The vehicle (veh_...)', required: true }),
  }
  static override flags = {
    customer: Flags.string({ description: 'A new owner (cus_...)' }),
    ...vehicleFlags,
    'expected-version': Flags.integer({ description: 'Refuse the change unless the vehicle is at this version' }),
  }

  async run() {
    const { args, flags } = await this.parse(VehiclesUpdate)
    const body = { ...vehicleInput(flags), expected_version: flags['expected-version'] }
    if (Object.values(body).every((value) => value === undefined)) {
      throw new UsageError('Nothing to change: give a flag such as --odometer or --plate (vehicles update --help)')
    }
    const input = parseFlags(VehicleUpdateSchema, body, { customer_id: 'customer' })
    const record = { table: 'vehicles', kind: 'vehicle', publicId: args.id } as const
    const { vehicle, owner } = await this.staffChange({ ...flags, record }, async ({ db, actor, shop }) => {
      const vehicle = toVehicleResource(await updateVehicle(db, actor, args.id, input))
      return {
        vehicle,
        owner: nameOf(await namesOf(db, shop.id, { customers: [vehicle.customer_id] }), vehicle.customer_id),
      }
    })
    this.printRecord(vehicleFields(vehicle, owner))
    return vehicle
  }
}

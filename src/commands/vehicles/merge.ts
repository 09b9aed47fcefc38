import { Args, Flags } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { toVehicleResource } from '../../resources/vehicles/operations.js'
import { mergeVehicles } from '../../resources/vehicles/service.js'

export default class VehiclesMerge extends StaffCommand {
  static override description =
    'Merge a duplicate vehicle record into the one that survives. The duplicate stays readable, archived, with merged_into set; its external ids move to the survivor; vehicle.merged and vehicle.updated events are recorded. No field is copied: the survivor keeps its own values and owner.'
  static override examples = ['<%= config.bin %> vehicles merge veh_duplicate --into veh_survivor']
  static override args = {
    from: Args.string({ description: 'The duplicate vehicle (veh_...)', required: true }),
  }
  static override flags = {
    into: Flags.string({ description: 'The vehicle that survives (veh_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(VehiclesMerge)
    const record = { table: 'vehicles', kind: 'vehicle', publicId: args.from, param: 'from' } as const
    const result = await this.staffChange({ ...flags, record }, ({ db, actor }) =>
      mergeVehicles(db, actor, args.from, flags.into),
    )
    const merged = toVehicleResource(result.merged)
    const survivor = toVehicleResource(result.survivor)
    this.log(`Merged ${merged.id} (${describeVehicle(merged)}) into ${survivor.id} (${describeVehicle(survivor)})`)
    return { merged, survivor }
  }
}

function describeVehicle(vehicle: {
  year: number | null
  make: string | null
  model: string | null
  vin: string | null
}) {
  const name = [vehicle.year, vehicle.make, vehicle.model].filter((part) => part !== null).join(' ')
  return [name, vehicle.vin].filter((part) => part).join(', ') || 'no year, make, model or VIN'
}

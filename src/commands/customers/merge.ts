import { Args, Flags } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { toCustomerResource } from '../../resources/customers/operations.js'
import { mergeCustomers } from '../../resources/customers/service.js'

export default class CustomersMerge extends StaffCommand {
  static override description =
    'Merge a duplicate customer into the one that survives. The duplicate stays readable, archived, with merged_into set; its vehicles and external ids move to the survivor; customer.merged and customer.updated events are recorded.'
  static override examples = ['<%= config.bin %> customers merge cus_duplicate --into cus_survivor']
  static override args = {
    from: Args.string({ description: 'The duplicate customer (cus_...)', required: true }),
  }
  static override flags = {
    into: Flags.string({ description: 'The customer that survives (cus_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(CustomersMerge)
    const record = { table: 'customers', kind: 'customer', publicId: args.from, param: 'from' } as const
    const result = await this.staffChange({ ...flags, record }, ({ db, actor }) =>
      mergeCustomers(db, actor, args.from, flags.into),
    )
    const merged = toCustomerResource(result.merged)
    const survivor = toCustomerResource(result.survivor)
    const vehicles = result.repointedVehicles
    this.log(`Merged ${merged.id} (${merged.first_name} ${merged.last_name}) into ${survivor.id}`)
    this.log(
      vehicles.length > 0 ? `Moved ${vehicles.length} vehicle(s): ${vehicles.join(', ')}` : 'No vehicles to move',
    )
    return { merged, survivor, moved_vehicles: vehicles }
  }
}

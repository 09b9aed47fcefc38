import { Flags } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { parseInput } from '../../platform/operation.js'
import { toRepairOrderResource } from '../../resources/repair-orders/present.js'
import { RepairOrderCreateSchema } from '../../resources/repair-orders/schema.js'
import { createRepairOrder } from '../../resources/repair-orders/service.js'

export default class RepairOrdersCreate extends StaffCommand {
  static override description =
    "Open a repair order for a customer's vehicle at the counter (state checked_in, the shop's next number). Records repair_order.created."
  static override examples = [
    '<%= config.bin %> repair-orders create --customer cus_123 --vehicle veh_456 --concern "Squeal when braking" --odometer 84210',
  ]
  static override flags = {
    customer: Flags.string({ description: 'The customer (cus_...)', required: true }),
    vehicle: Flags.string({ description: "The customer's vehicle (veh_...)", required: true }),
    concern: Flags.string({ description: "The customer's words for the problem" }),
    odometer: Flags.integer({ description: 'Odometer reading at drop-off' }),
  }

  async run() {
    const { flags } = await this.parse(RepairOrdersCreate)
    // The API's own body rules, so the counter and an integration are held to the same limits.
    const input = parseInput(
      RepairOrderCreateSchema,
      {
        customer_id: flags.customer,
        vehicle_id: flags.vehicle,
        ...(flags.concern !== undefined ? { customer_concern: flags.concern } : {}),
        ...(flags.odometer !== undefined ? { odometer_in: flags.odometer } : {}),
      },
      'body',
    )
    const order = await this.staffChange(
      { ...flags, record: { table: 'customers', kind: 'customer', publicId: flags.customer, param: 'customer' } },
      async ({ db, actor }) => toRepairOrderResource(await createRepairOrder(db, actor, input)),
    )
    this.log(`Created repair order ${order.number} (${order.id}), ${order.state}`)
    return order
  }
}

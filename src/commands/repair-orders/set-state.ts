import { Args } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { toRepairOrderResource } from '../../resources/repair-orders/present.js'
import { moveRepairOrder } from '../../resources/repair-orders/service.js'
import { repairOrderStates } from '../../resources/shop-floor/states.js'

export default class RepairOrdersSetState extends StaffCommand {
  static override description =
    `Move a repair order to another state of the shop's workflow. An impossible move is refused with the allowed ones named. States: ${repairOrderStates.join(', ')} (on_hold shows as unknown in the API). Records repair_order.status_changed.`
  static override examples = [
    '<%= config.bin %> repair-orders set-state ro_123 estimating',
    '<%= config.bin %> repair-orders set-state ro_123 on_hold --json',
  ]
  static override args = {
    id: Args.string({ description: 'The repair order (ro_...)', required: true }),
    state: Args.string({ description: 'The state to move it to', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(RepairOrdersSetState)
    const { order, previous } = await this.staffChange(
      { ...flags, record: { table: 'repair_orders', kind: 'repairOrder', publicId: args.id } },
      async ({ db, actor }) => {
        const moved = await moveRepairOrder(db, actor, args.id, args.state)
        return { order: toRepairOrderResource(moved.row), previous: moved.previousState }
      },
    )
    this.log(`Repair order ${order.number} (${order.id}): ${previous} -> ${args.state}`)
    return order
  }
}

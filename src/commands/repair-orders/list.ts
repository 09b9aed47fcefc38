import { Flags } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { parseInput } from '../../platform/operation.js'
import { toRepairOrderResource } from '../../resources/repair-orders/present.js'
import { RepairOrderListQuerySchema } from '../../resources/repair-orders/schema.js'
import { listRepairOrders } from '../../resources/repair-orders/service.js'
import { publicRepairOrderStates } from '../../resources/shop-floor/states.js'

export default class RepairOrdersList extends StaffCommand {
  static override description = 'List repair orders, newest first.'
  static override examples = [
    '<%= config.bin %> repair-orders list',
    '<%= config.bin %> repair-orders list --state in_progress --limit 20 --json',
  ]
  static override flags = {
    state: Flags.string({
      description: `Only orders in this state: ${publicRepairOrderStates.join(', ')}`,
    }),
    limit: Flags.string({ description: 'How many, 1-200', default: '50' }),
  }

  async run() {
    const { flags } = await this.parse(RepairOrdersList)
    const query = parseInput(
      RepairOrderListQuerySchema,
      { limit: flags.limit, ...(flags.state !== undefined ? { state: flags.state } : {}) },
      'query',
    )
    const orders = await this.staffRead(flags, async ({ db, actor }) => {
      const { limit: _limit, cursor: _cursor, sort, ...filters } = query
      const page = await listRepairOrders(db, actor, filters, { sort, limit: query.limit })
      return page.rows.map(toRepairOrderResource)
    })
    this.printTable(
      orders.map((order) => ({
        number: order.number,
        state: order.state,
        customer: order.customer_id,
        vehicle: order.vehicle_id,
        total: order.pricing ? `${order.pricing.total} ${order.pricing.currency}` : null,
        created: order.created_at,
        id: order.id,
      })),
      [
        { key: 'number', header: 'NUMBER' },
        { key: 'state', header: 'STATE' },
        { key: 'customer', header: 'CUSTOMER' },
        { key: 'vehicle', header: 'VEHICLE' },
        { key: 'total', header: 'TOTAL' },
        { key: 'created', header: 'CREATED' },
        { key: 'id', header: 'ID' },
      ],
    )
    return orders
  }
}

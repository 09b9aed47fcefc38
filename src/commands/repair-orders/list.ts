import { Flags } from '@oclif/core'
import { nameOf, namesOf } from '../../cli/names.js'
import { StaffCommand } from '../../cli/staff.js'
import { parseInput } from '../../platform/operation.js'
import { toRepairOrderResource } from '../../resources/repair-orders/present.js'
import { RepairOrderListQuerySchema } from '../../resources/repair-orders/schema.js'
import { listRepairOrders } from '../../resources/repair-orders/service.js'
import { publicRepairOrderStates } from '../../resources/shop-floor/states.js'

export default class RepairOrdersList extends StaffCommand {
  static override description =
    'List repair orders, newest first, each with its customer and vehicle named beside their ids.'
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
    const { orders, names } = await this.staffRead(flags, async ({ db, actor, shop }) => {
      const { limit: _limit, cursor: _cursor, sort, ...filters } = query
      const page = await listRepairOrders(db, actor, filters, { sort, limit: query.limit })
      const orders = page.rows.map(toRepairOrderResource)
      const names = await namesOf(db, shop.id, {
        customers: orders.map((order) => order.customer_id),
        vehicles: orders.map((order) => order.vehicle_id),
      })
      return { orders, names }
    })
    this.printTable(
      orders.map((order) => ({
        number: order.number,
        state: order.state,
        customer_id: order.customer_id,
        customer: nameOf(names, order.customer_id),
        vehicle_id: order.vehicle_id,
        vehicle: nameOf(names, order.vehicle_id),
        total: order.pricing ? `${order.pricing.total} ${order.pricing.currency}` : null,
        created: order.created_at,
        id: order.id,
      })),
      [
        { key: 'number', header: 'NUMBER' },
        { key: 'state', header: 'STATE' },
        { key: 'customer_id', header: 'CUSTOMER ID' },
        { key: 'customer', header: 'CUSTOMER' },
        { key: 'vehicle_id', header: 'VEHICLE ID' },
        { key: 'vehicle', header: 'VEHICLE' },
        { key: 'total', header: 'TOTAL' },
        { key: 'created', header: 'CREATED' },
        { key: 'id', header: 'ID' },
      ],
    )
    return orders
  }
}

import { Args, Flags } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { toInventoryItemResource } from '../../resources/inventory-items/operations.js'
import { adjustQuantityOnHand, parseOnHand } from '../../resources/inventory-items/service.js'

export default class InventoryAdjust extends StaffCommand {
  static override description =
    'Set the quantity on hand of an inventory item (after a count). The item’s version and updated_at move; setting the quantity it already has changes nothing.'
  static override examples = ['<%= config.bin %> inventory adjust item_4bW2yXk0fT9QmZr7LcVd1p --on-hand 12']
  static override args = {
    id: Args.string({ description: 'The inventory item (item_...)', required: true }),
  }
  static override flags = {
    'on-hand': Flags.string({ description: 'Units on hand: a decimal of at least 0, up to 3 places', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(InventoryAdjust)
    const onHand = parseOnHand(flags['on-hand'])
    const { item, changed } = await this.staffChange(
      { ...flags, record: { table: 'inventory_items', kind: 'inventoryItem', publicId: args.id } },
      async ({ db, actor, shop }) => {
        const result = await adjustQuantityOnHand(db, actor, args.id, onHand)
        return { item: toInventoryItemResource(result.item, shop.currency), changed: result.changed }
      },
    )
    if (!changed) this.log(`${item.id} already has ${item.quantity_on_hand} on hand: nothing changed`)
    this.printRecord(item, [
      'id',
      'part_number',
      'name',
      'quantity_on_hand',
      'quantity_available',
      'quantity_reserved',
      'updated_at',
    ])
    return item
  }
}

import { Args, Flags } from '@oclif/core'
import { jobRecord, jobWithNames } from '../../cli/front-desk.js'
import { StaffCommand } from '../../cli/staff.js'
import { toJobResource, toPartResource } from '../../resources/jobs/present.js'
import { addPart } from '../../resources/jobs/service.js'

export default class JobsAddPart extends StaffCommand {
  static override description =
    "Add a part to a job: from an inventory item (--item; part number, description, price and cost default from it, and the item's quantity_reserved grows by the quantity) or described by hand (--part-number, --description, --price). The job and its repair order are repriced; a change that would take a total past 9999999999.99 is refused, naming the order. The item's units stay reserved while the job is pending or authorized and the order is not invoiced."
  static override examples = [
    '<%= config.bin %> jobs add-part job_123 --item item_456 --quantity 2',
    '<%= config.bin %> jobs add-part job_123 --part-number BP-1 --description "Brake pads" --quantity 1 --price 45.00 --cost 30.00',
  ]
  static override args = {
    job: Args.string({ description: 'The job (job_...)', required: true }),
  }
  static override flags = {
    item: Flags.string({ description: 'The inventory item (item_...)', exclusive: ['part-number'] }),
    'part-number': Flags.string({ description: 'Part number of a part not taken from inventory' }),
    description: Flags.string({ description: 'What the part is (required without --item)' }),
    quantity: Flags.string({
      description: 'Quantity: more than 0, at most 9999.999, up to 3 decimal places',
      required: true,
    }),
    price: Flags.string({ description: "Unit sale price, 0 to 9999999.99, 2 decimal places (default: the item's)" }),
    cost: Flags.string({
      description: "Unit acquisition cost, 0 to 9999999.99, 2 decimal places (default: the item's)",
    }),
  }

  async run() {
    const { args, flags } = await this.parse(JobsAddPart)
    const source = { ...flags, record: { table: 'jobs', kind: 'job' as const, publicId: args.job, param: 'JOB_ID' } }
    const { names, ...result } = await this.staffChange(source, async ({ db, actor, shop }) => {
      const added = await addPart(db, actor, args.job, {
        item: flags.item,
        partNumber: flags['part-number'],
        description: flags.description,
        quantity: flags.quantity,
        price: flags.price,
        cost: flags.cost,
      })
      const { job, names } = await jobWithNames(db, shop.id, toJobResource(added.job, 'staff'))
      return { part: toPartResource(added.entry), job, names }
    })
    const { part, job } = result
    this.log(
      `Added ${part.id}: ${part.quantity} × ${part.description} at ${part.pricing?.unit_price} = ${part.pricing?.amount} ${part.pricing?.currency}`,
    )
    this.printRecord(jobRecord(job, names))
    return result
  }
}

import { Args, Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { customerFields } from '../../cli/front-desk.js'
import { customerFlags, customerInput } from '../../cli/record-flags.js'
import { StaffCommand } from '../../cli/staff.js'
import { UsageError } from '../../lib/errors.js'
import { phoneRegionForTimezone } from '../../lib/phones.js'
import { toCustomerResource } from '../../resources/customers/operations.js'
import { CustomerUpdateSchema } from '../../resources/customers/schema.js'
import { updateCustomer } from '../../resources/customers/service.js'

export default class CustomersUpdate extends StaffCommand {
  static override description =
    "Change a customer as the API's PATCH does: only the flags given change, '' clears a text field, and a change that changes nothing is refused. Records customer.updated."
  static override examples = [
    '<%= config.bin %> customers update cus_4bW2yXk0fT9QmZr7LcVd1p --phone "555 010 9999" --email ann@example.com',
    "<%= config.bin %> customers update cus_4bW2yXk0fT9QmZr7LcVd1p --company-name '' --no-fleet-account",
  ]
  static override args = {
    id: Args.string({ description: 'The customer (cus_...)', required: true }),
  }
  static override flags = {
    'first-name': Flags.string({ description: 'First name (1-100 characters)' }),
    'last-name': Flags.string({ description: 'Last name (1-100 characters)' }),
    ...customerFlags,
    'expected-version': Flags.integer({ description: 'Refuse the change unless the customer is at this version' }),
  }

  async run() {
    const { args, flags } = await this.parse(CustomersUpdate)
    const body = { ...customerInput(flags), expected_version: flags['expected-version'] }
    if (Object.values(body).every((value) => value === undefined)) {
      throw new UsageError('Nothing to change: give a flag such as --phone or --email (customers update --help)')
    }
    const input = parseFlags(CustomerUpdateSchema, body)
    const record = { table: 'customers', kind: 'customer', publicId: args.id } as const
    const customer = await this.staffChange({ ...flags, record }, async ({ db, actor, shop }) =>
      toCustomerResource(await updateCustomer(db, actor, args.id, input, phoneRegionForTimezone(shop.timezone))),
    )
    this.printRecord(customerFields(customer))
    return customer
  }
}

import { Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { customerFields } from '../../cli/front-desk.js'
import { customerFlags, customerInput } from '../../cli/record-flags.js'
import { StaffCommand } from '../../cli/staff.js'
import { phoneRegionForTimezone } from '../../lib/phones.js'
import { toCustomerResource } from '../../resources/customers/operations.js'
import { CustomerCreateSchema } from '../../resources/customers/schema.js'
import { createCustomer } from '../../resources/customers/service.js'

export default class CustomersCreate extends StaffCommand {
  static override description =
    "Add a customer at the counter, with the API's rules (names required; phones normalised for the shop's region; an email must be an address). Records customer.created."
  static override examples = [
    '<%= config.bin %> customers create --first-name Ann --last-name Lee --phone "(555) 010-2030"',
    '<%= config.bin %> customers create --first-name Raj --last-name Patel --company-name "Patel Plumbing" --fleet-account --tags fleet --json',
  ]
  static override flags = {
    'first-name': Flags.string({ description: 'First name (1-100 characters)', required: true }),
    'last-name': Flags.string({ description: 'Last name (1-100 characters)', required: true }),
    ...customerFlags,
  }

  async run() {
    const { flags } = await this.parse(CustomersCreate)
    const input = parseFlags(CustomerCreateSchema, customerInput(flags))
    const customer = await this.staffChange(flags, async ({ db, actor, shop }) =>
      toCustomerResource(await createCustomer(db, actor, input, phoneRegionForTimezone(shop.timezone))),
    )
    this.printRecord(customerFields(customer))
    return customer
  }
}

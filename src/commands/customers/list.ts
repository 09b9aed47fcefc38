import { Flags } from '@oclif/core'
import { customerColumns, customerRow } from '../../cli/front-desk.js'
import { parseQueryFlags } from '../../cli/record-flags.js'
import { StaffCommand } from '../../cli/staff.js'
import { phoneRegionForTimezone } from '../../lib/phones.js'
import { toCustomerResource } from '../../resources/customers/operations.js'
import { CustomerListQuerySchema } from '../../resources/customers/schema.js'
import { listCustomers } from '../../resources/customers/service.js'

export default class CustomersList extends StaffCommand {
  static override description =
    "Find customers, newest first: --search matches a part of the name, company, email or phone (2-100 characters, as the API's q); --phone matches any way the number is written; --email the whole address."
  static override examples = [
    '<%= config.bin %> customers list --search lee',
    '<%= config.bin %> customers list --phone "555 010 2030"',
    '<%= config.bin %> customers list --email ann@example.com --json',
  ]
  static override flags = {
    search: Flags.string({ description: 'Part of the name, company, email or phone (2-100 characters)' }),
    phone: Flags.string({ description: 'A phone number, any format' }),
    email: Flags.string({ description: 'An email address (case-insensitive)' }),
    lifecycle: Flags.string({ description: 'active (default), archived or all' }),
    limit: Flags.string({ description: 'How many, 1-200', default: '50' }),
  }

  async run() {
    const { flags } = await this.parse(CustomersList)
    // The API's own query rules (q's length, the filters' limits, limit's range).
    const query = parseQueryFlags(
      CustomerListQuerySchema,
      { limit: flags.limit, q: flags.search, phone: flags.phone, email: flags.email, lifecycle: flags.lifecycle },
      { q: 'search' },
    )
    const customers = await this.staffRead(flags, async ({ db, actor, shop }) => {
      const { limit, cursor: _cursor, sort, ...filters } = query
      const page = await listCustomers(db, actor, filters, phoneRegionForTimezone(shop.timezone), {
        sort: sort ?? 'created_at',
        limit,
      })
      return page.rows.map(toCustomerResource)
    })
    this.printTable(customers.map(customerRow), customerColumns)
    return customers
  }
}

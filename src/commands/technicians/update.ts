import { Args, Flags } from '@oclif/core'
import { parseFlags, wholeNumberFlag } from '../../cli/flag-input.js'
import { StaffCommand } from '../../cli/staff.js'
import { UsageError } from '../../lib/errors.js'
import { toTechnicianResource } from '../../resources/technicians/operations.js'
import { maxTechnicianDailyCapacity, TechnicianInputSchema } from '../../resources/technicians/schema.js'
import { updateTechnician } from '../../resources/technicians/service.js'

export default class TechniciansUpdate extends StaffCommand {
  static override description =
    "Change a technician's name, email (--email '' clears it) or daily capacity (--daily-capacity none clears it)."
  static override examples = [
    '<%= config.bin %> technicians update tech_4bW2yXk0fT9QmZr7LcVd1p --name "Sam Ortiz"',
    '<%= config.bin %> technicians update tech_4bW2yXk0fT9QmZr7LcVd1p --daily-capacity 6',
  ]
  static override args = {
    id: Args.string({ description: 'The technician (tech_...)', required: true }),
  }
  static override flags = {
    name: Flags.string({ description: 'Name (1-100 characters)' }),
    email: Flags.string({ description: "Email address; '' clears it" }),
    'daily-capacity': Flags.string({
      description: `Appointments a day this technician takes, 0-${maxTechnicianDailyCapacity}; none: no limit of their own`,
    }),
  }

  async run() {
    const { args, flags } = await this.parse(TechniciansUpdate)
    if (flags.name === undefined && flags.email === undefined && flags['daily-capacity'] === undefined) {
      throw new UsageError('Nothing to change: give --name, --email or --daily-capacity')
    }
    const email = flags.email === undefined ? undefined : flags.email.trim() === '' ? null : flags.email
    const input = parseFlags(TechnicianInputSchema, {
      name: flags.name,
      email,
      daily_capacity: wholeNumberFlag('daily_capacity', flags['daily-capacity'], {
        min: 0,
        max: maxTechnicianDailyCapacity,
        clearable: true,
      }),
    })
    const record = { table: 'technicians', kind: 'technician', publicId: args.id } as const
    const technician = toTechnicianResource(
      await this.staffChange({ ...flags, record }, ({ db, actor }) => updateTechnician(db, actor, args.id, input)),
    )
    this.printRecord(technician)
    return technician
  }
}

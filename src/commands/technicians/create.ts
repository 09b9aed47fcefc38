import { Flags } from '@oclif/core'
import { parseFlags, wholeNumberFlag } from '../../cli/flag-input.js'
import { StaffCommand } from '../../cli/staff.js'
import { toTechnicianResource } from '../../resources/technicians/operations.js'
import { maxTechnicianDailyCapacity, TechnicianInputSchema } from '../../resources/technicians/schema.js'
import { createTechnician } from '../../resources/technicians/service.js'

export default class TechniciansCreate extends StaffCommand {
  static override description = 'Add a technician to the shop (active).'
  static override examples = [
    '<%= config.bin %> technicians create --name "Sam Ortiz" --email sam@example.com',
    '<%= config.bin %> technicians create --name "Kim Lee" --daily-capacity 6',
  ]
  static override flags = {
    name: Flags.string({ description: 'Name (1-100 characters)', required: true }),
    email: Flags.string({ description: 'Email address (up to 255 characters)' }),
    'daily-capacity': Flags.string({
      description: `Appointments a day this technician takes, 0-${maxTechnicianDailyCapacity} (default: no limit of their own)`,
    }),
  }

  async run() {
    const { flags } = await this.parse(TechniciansCreate)
    const input = parseFlags(TechnicianInputSchema, {
      name: flags.name,
      email: flags.email,
      daily_capacity: wholeNumberFlag('daily_capacity', flags['daily-capacity'], {
        min: 0,
        max: maxTechnicianDailyCapacity,
      }),
    })
    const technician = toTechnicianResource(
      await this.staffChange(flags, ({ db, actor }) =>
        createTechnician(db, actor, { ...input, name: input.name ?? flags.name }),
      ),
    )
    this.printRecord(technician)
    return technician
  }
}

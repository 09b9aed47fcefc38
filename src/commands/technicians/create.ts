import { Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { StaffCommand } from '../../cli/staff.js'
import { toTechnicianResource } from '../../resources/technicians/operations.js'
import { TechnicianInputSchema } from '../../resources/technicians/schema.js'
import { createTechnician } from '../../resources/technicians/service.js'

export default class TechniciansCreate extends StaffCommand {
  static override description = 'Add a technician to the shop (active).'
  static override examples = ['<%= config.bin %> technicians create --name "Sam Ortiz" --email sam@example.com']
  static override flags = {
    name: Flags.string({ description: 'Name (1-100 characters)', required: true }),
    email: Flags.string({ description: 'Email address (up to 255 characters)' }),
  }

  async run() {
    const { flags } = await this.parse(TechniciansCreate)
    const input = parseFlags(TechnicianInputSchema, { name: flags.name, email: flags.email })
    const technician = toTechnicianResource(
      await this.staffChange(flags, ({ db, actor }) =>
        createTechnician(db, actor, { ...input, name: input.name ?? flags.name }),
      ),
    )
    this.printRecord(technician)
    return technician
  }
}

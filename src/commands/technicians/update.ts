import { Args, Flags } from '@oclif/core'
import { parseFlags } from '../../cli/flag-input.js'
import { StaffCommand } from '../../cli/staff.js'
import { UsageError } from '../../lib/errors.js'
import { toTechnicianResource } from '../../resources/technicians/operations.js'
import { TechnicianInputSchema } from '../../resources/technicians/schema.js'
import { updateTechnician } from '../../resources/technicians/service.js'

export default class TechniciansUpdate extends StaffCommand {
  static override description = "Change a technician's name or email (--email '' clears it)."
  static override examples = ['<%= config.bin %> technicians update tech_4bW2yXk0fT9QmZr7LcVd1p --name "Sam Ortiz"']
  static override args = {
    id: Args.string({ description: 'The technician (tech_...)', required: true }),
  }
  static override flags = {
    name: Flags.string({ description: 'Name (1-100 characters)' }),
    email: Flags.string({ description: "Email address; '' clears it" }),
  }

  async run() {
    const { args, flags } = await this.parse(TechniciansUpdate)
    if (flags.name === undefined && flags.email === undefined) {
      throw new UsageError('Nothing to change: give --name or --email')
    }
    const email = flags.email === undefined ? undefined : flags.email.trim() === '' ? null : flags.email
    const input = parseFlags(TechnicianInputSchema, { name: flags.name, email })
    const record = { table: 'technicians', kind: 'technician', publicId: args.id } as const
    const technician = toTechnicianResource(
      await this.staffChange({ ...flags, record }, ({ db, actor }) => updateTechnician(db, actor, args.id, input)),
    )
    this.printRecord(technician)
    return technician
  }
}

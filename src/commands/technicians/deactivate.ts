import { Args } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { toTechnicianResource } from '../../resources/technicians/operations.js'
import { deactivateTechnician } from '../../resources/technicians/service.js'

export default class TechniciansDeactivate extends StaffCommand {
  static override description =
    'Deactivate a technician: kept, and still readable, but no longer listed as active. Deactivating an inactive technician changes nothing.'
  static override examples = ['<%= config.bin %> technicians deactivate tech_4bW2yXk0fT9QmZr7LcVd1p']
  static override args = {
    id: Args.string({ description: 'The technician (tech_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(TechniciansDeactivate)
    const record = { table: 'technicians', kind: 'technician', publicId: args.id } as const
    const technician = toTechnicianResource(
      await this.staffChange({ ...flags, record }, ({ db, actor }) => deactivateTechnician(db, actor, args.id)),
    )
    this.printRecord(technician)
    return technician
  }
}

import { Flags } from '@oclif/core'
import { StaffCommand } from '../../cli/staff.js'
import { toTechnicianResource } from '../../resources/technicians/operations.js'
import { listTechnicians } from '../../resources/technicians/service.js'

// A shop has a handful of technicians; one page this large is all of them.
const pageSize = 1000

export default class TechniciansList extends StaffCommand {
  static override description = "List the shop's technicians: active ones, or all with --all."
  static override examples = ['<%= config.bin %> technicians list', '<%= config.bin %> technicians list --all --json']
  static override flags = {
    all: Flags.boolean({ description: 'Include deactivated technicians', default: false }),
  }

  async run() {
    const { flags } = await this.parse(TechniciansList)
    const page = await this.staffRead(flags, ({ db, actor }) =>
      listTechnicians(db, actor, flags.all ? {} : { active: true }, { sort: 'created_at', limit: pageSize }),
    )
    const technicians = page.rows.map(toTechnicianResource)
    this.printTable(technicians, [
      { key: 'id', header: 'ID' },
      { key: 'name', header: 'NAME' },
      { key: 'email', header: 'EMAIL' },
      { key: 'daily_capacity', header: 'DAILY CAPACITY' },
      { key: 'active', header: 'ACTIVE' },
    ])
    return technicians
  }
}

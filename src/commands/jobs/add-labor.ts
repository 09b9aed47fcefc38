import { Args, Flags } from '@oclif/core'
import { jobRecord, jobWithNames } from '../../cli/front-desk.js'
import { StaffCommand } from '../../cli/staff.js'
import { toJobResource, toLaborResource } from '../../resources/jobs/present.js'
import { addLabor } from '../../resources/jobs/service.js'

export default class JobsAddLabor extends StaffCommand {
  static override description =
    'Add a labor entry to a job: hours × rate, rounded half-up to the cent. The job and its repair order are repriced; a change that would take a total past 9999999999.99 is refused, naming the order.'
  static override examples = [
    '<%= config.bin %> jobs add-labor job_123 --hours 1.5 --rate 120.00 --technician tech_456',
  ]
  static override args = {
    job: Args.string({ description: 'The job (job_...)', required: true }),
  }
  static override flags = {
    hours: Flags.string({ description: 'Hours worked: more than 0, at most 999.99, 2 decimal places', required: true }),
    rate: Flags.string({ description: 'Rate per hour: 0 to 99999.99, 2 decimal places', required: true }),
    technician: Flags.string({ description: 'The technician who does the work (tech_...)' }),
    description: Flags.string({ description: 'What the work is' }),
  }

  async run() {
    const { args, flags } = await this.parse(JobsAddLabor)
    const source = { ...flags, record: { table: 'jobs', kind: 'job' as const, publicId: args.job, param: 'JOB_ID' } }
    const { names, ...result } = await this.staffChange(source, async ({ db, actor, shop }) => {
      const added = await addLabor(db, actor, args.job, {
        hours: flags.hours,
        rate: flags.rate,
        technician: flags.technician,
        description: flags.description,
      })
      const { job, names } = await jobWithNames(db, shop.id, toJobResource(added.job, 'staff'))
      return { labor_entry: toLaborResource(added.entry), job, names }
    })
    const { labor_entry: entry, job } = result
    this.log(
      `Added ${entry.id}: ${entry.hours} h × ${entry.pricing?.rate} = ${entry.pricing?.amount} ${entry.pricing?.currency}`,
    )
    this.printRecord(jobRecord(job, names))
    return result
  }
}

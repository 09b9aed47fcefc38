import { Args } from '@oclif/core'
import { jobRecord, jobWithNames } from '../../cli/front-desk.js'
import { StaffCommand } from '../../cli/staff.js'
import { toJobResource } from '../../resources/jobs/present.js'
import { decisionStates } from '../../resources/jobs/schema.js'
import { decideJob } from '../../resources/jobs/service.js'

export default class JobsDecide extends StaffCommand {
  static override description =
    "Record the customer's decision on a job: authorized, declined, deferred, cancelled, or back to pending. Moves: pending -> authorized|declined|deferred|cancelled; deferred -> pending|authorized|cancelled; authorized -> cancelled (before work starts); declined -> pending. Records job.status_changed and reprices the repair order (only pending and authorized jobs count)."
  static override examples = ['<%= config.bin %> jobs decide job_123 authorized']
  static override args = {
    job: Args.string({ description: 'The job (job_...)', required: true }),
    decision: Args.string({ description: 'The new decision state', required: true, options: [...decisionStates] }),
  }

  async run() {
    const { args, flags } = await this.parse(JobsDecide)
    const source = { ...flags, record: { table: 'jobs', kind: 'job' as const, publicId: args.job, param: 'JOB_ID' } }
    const { job, names } = await this.staffChange(source, async ({ db, actor, shop }) =>
      jobWithNames(db, shop.id, toJobResource(await decideJob(db, actor, args.job, args.decision), 'staff')),
    )
    this.printRecord(jobRecord(job, names))
    return job
  }
}

import { Args } from '@oclif/core'
import { jobRecord, jobWithNames } from '../../cli/front-desk.js'
import { StaffCommand } from '../../cli/staff.js'
import { toJobResource } from '../../resources/jobs/present.js'
import { pauseJob } from '../../resources/jobs/service.js'

export default class JobsPause extends StaffCommand {
  static override description =
    'Pause work in progress on a job (in_progress -> paused). The API has no pause action; an integration resumes the job with start, or finishes it with complete or unable-to-complete. Records job.status_changed.'
  static override examples = ['<%= config.bin %> jobs pause job_123']
  static override args = {
    job: Args.string({ description: 'The job (job_...)', required: true }),
  }

  async run() {
    const { args, flags } = await this.parse(JobsPause)
    const source = { ...flags, record: { table: 'jobs', kind: 'job' as const, publicId: args.job, param: 'JOB_ID' } }
    const { job, names } = await this.staffChange(source, async ({ db, actor, shop }) =>
      jobWithNames(db, shop.id, toJobResource(await pauseJob(db, actor, args.job), 'staff')),
    )
    this.printRecord(jobRecord(job, names))
    return job
  }
}

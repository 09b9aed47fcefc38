import { Args } from '@oclif/core'
import { toJobResource } from '../resources/jobs/present.js'
import type { Job, JobAction } from '../resources/jobs/schema.js'
import { runJobAction } from '../resources/jobs/service.js'
import { jobRecord } from './front-desk.js'
import { namesOf } from './names.js'
import { StaffCommand } from './staff.js'

/**
 * `jobs start|complete|unable-to-complete`: the API's job action (POST /jobs/{id}/start, ...) run by
 * the shop's staff through the same service, so its blockers (a job not authorized, an order invoiced
 * or closed) and its job.status_changed event are the API's.
 */
export abstract class JobActionCommand extends StaffCommand {
  /** Each command's own `args` (oclif reads a command's own static properties). */
  static readonly jobArgs = {
    job: Args.string({ description: 'The job (job_...)', required: true }),
  }

  protected async act(jobId: string, flags: { shop?: string | undefined }, action: JobAction): Promise<Job> {
    const source = { ...flags, record: { table: 'jobs', kind: 'job' as const, publicId: jobId, param: 'JOB_ID' } }
    const before = { state: '' }
    const { job, names } = await this.staffChange(source, async ({ db, actor, shop }) => {
      const { rows } = await db.query<{ execution_state: string }>(
        'select execution_state from jobs where shop_id = $1::uuid and public_id = $2::text',
        [shop.id, jobId],
      )
      before.state = rows[0]?.execution_state ?? ''
      const job = toJobResource(await runJobAction(db, actor, 'staff', jobId, action), 'staff')
      return { job, names: await namesOf(db, shop.id, { technicians: [job.technician_id] }) }
    })
    this.log(`Job ${job.id} "${job.name}": ${before.state} -> ${job.execution_state}`)
    this.printRecord(jobRecord(job, names))
    return job
  }
}

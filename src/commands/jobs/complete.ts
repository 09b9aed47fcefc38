import { JobActionCommand } from '../../cli/job-action.js'

export default class JobsComplete extends JobActionCommand {
  static override description =
    "Finish a job in progress or paused (the API's complete action): it becomes completed, with completed_at. A job not started, not authorized, or on an invoiced or closed order is refused with the reason. Records job.status_changed."
  static override examples = [
    '<%= config.bin %> jobs complete job_4bW2yXk0fT9QmZr7LcVd1p',
    '<%= config.bin %> jobs complete job_4bW2yXk0fT9QmZr7LcVd1p --json',
  ]
  static override args = JobActionCommand.jobArgs

  async run() {
    const { args, flags } = await this.parse(JobsComplete)
    return this.act(args.job, flags, 'complete')
  }
}

import { JobActionCommand } from '../../cli/job-action.js'

export default class JobsStart extends JobActionCommand {
  static override description =
    "Start work on an authorized job, or resume a paused one (the API's start action): it becomes in_progress, with started_at. A job that is not authorized, or whose order is invoiced or closed, is refused with the reason. Records job.status_changed."
  static override examples = [
    '<%= config.bin %> jobs start job_4bW2yXk0fT9QmZr7LcVd1p',
    '<%= config.bin %> jobs start job_4bW2yXk0fT9QmZr7LcVd1p --json',
  ]
  static override args = JobActionCommand.jobArgs

  async run() {
    const { args, flags } = await this.parse(JobsStart)
    return this.act(args.job, flags, 'start')
  }
}

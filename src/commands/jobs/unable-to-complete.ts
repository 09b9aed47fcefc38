import { JobActionCommand } from '../../cli/job-action.js'

export default class JobsUnableToComplete extends JobActionCommand {
  static override description =
    "Mark an authorized job that cannot be finished (the API's unable_to_complete action): it becomes unable_to_complete, which is final. Records job.status_changed."
  static override examples = ['<%= config.bin %> jobs unable-to-complete job_4bW2yXk0fT9QmZr7LcVd1p']
  static override args = JobActionCommand.jobArgs

  async run() {
    const { args, flags } = await this.parse(JobsUnableToComplete)
    return this.act(args.job, flags, 'unable_to_complete')
  }
}

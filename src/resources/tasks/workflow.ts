import { defineWorkflow } from '../../platform/workflow.js'

export const taskStatuses = ['open', 'in_progress', 'blocked', 'waiting', 'done'] as const
export type TaskStatus = (typeof taskStatuses)[number]

export const taskPriorities = ['low', 'normal', 'high', 'urgent'] as const

export const taskActions = ['complete'] as const
export type TaskAction = (typeof taskActions)[number]

/** The statuses a PATCH may set: every one but `done`, which only the complete action reaches. */
export const patchableStatuses: readonly TaskStatus[] = taskStatuses.filter((status) => status !== 'done')

/**
 * A task's status (spec "States and transitions", Task). Shop tasks are not a pipeline: a task blocked
 * on a part or waiting for a customer goes back to open or on to in progress, and one closed by
 * mistake is reopened, so PATCH moves between any two statuses (reopening included). `done` is
 * reached only by `complete`, from any other status.
 */
export const taskWorkflow = defineWorkflow<TaskStatus, TaskAction, { status: string }>({
  name: 'task',
  states: taskStatuses,
  moves: Object.fromEntries(taskStatuses.map((from) => [from, taskStatuses.filter((to) => to !== from)])) as Record<
    TaskStatus,
    TaskStatus[]
  >,
  actions: {
    complete: { from: patchableStatuses, to: 'done', scopes: ['tasks.read', 'tasks.write'] },
  },
  stateOf: (task) => task.status as TaskStatus,
})

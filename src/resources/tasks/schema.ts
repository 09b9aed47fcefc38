import { z } from 'zod'
import { optionalInputs } from '../../platform/fields.js'
import { expectedVersion } from '../../platform/schemas.js'
import { taskDefinition } from './definition.js'

export { type TaskAction, type TaskStatus, taskActions, taskPriorities, taskStatuses } from './workflow.js'

const { inputs } = taskDefinition

export const TaskCreateSchema = z
  .strictObject({
    ...optionalInputs(inputs),
    title: inputs.title,
    status: inputs.status
      .optional()
      .meta({ description: 'Defaults to `open`; `done` is refused (complete the task instead)' }),
    priority: inputs.priority.optional().meta({ description: 'Defaults to `normal`' }),
  })
  .meta({ id: 'TaskCreate' })

export const TaskUpdateSchema = z.strictObject({ ...optionalInputs(inputs), expected_version: expectedVersion }).meta({
  id: 'TaskUpdate',
  description:
    'Presence-aware: an omitted field is unchanged, null clears a nullable field, and a body that changes nothing is 400 no_changes',
})

export type TaskCreate = z.output<typeof TaskCreateSchema>
export type TaskUpdate = z.output<typeof TaskUpdateSchema>

export const TaskSchema = taskDefinition.schema
export type Task = z.infer<typeof TaskSchema>
export const TaskListSchema = taskDefinition.listSchema
export const TaskListQuerySchema = taskDefinition.listQuery
export type TaskListQuery = z.output<typeof TaskListQuerySchema>

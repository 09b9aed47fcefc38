import type { Blocker } from '../../lib/errors.js'
import { defineWorkflow } from '../../platform/workflow.js'
import { countingDecisionStates, isSettled, publicRepairOrderState } from '../shop-floor/states.js'
import type { JobRow } from './definition.js'
import { type DecisionState, decisionStates, type ExecutionState, executionStates, type JobAction } from './schema.js'

// The shop floor counts jobs by their decision (pricing, reservations): each state it counts is a job's.
countingDecisionStates satisfies readonly DecisionState[]

type JobSubject = Pick<JobRow, 'decision_state' | 'execution_state' | 'repair_order_state' | 'repair_order_public_id'>

const shownAs =
  <State extends string>(states: readonly State[]) =>
  (state: State): string =>
    states.includes(state) ? state : 'unknown'

/**
 * The shop's decision on a job (staff only, `shopapi jobs decide`; the API never authorizes or
 * declines). An authorized job is cancelled only before work starts: after that it is finished by
 * `complete` or `unable_to_complete`.
 */
export const decisionWorkflow = defineWorkflow<DecisionState, never, JobSubject>({
  name: 'job',
  states: decisionStates,
  moves: {
    pending: ['authorized', 'declined', 'deferred', 'cancelled'],
    deferred: ['pending', 'authorized', 'cancelled'],
    authorized: ['cancelled'],
    declined: ['pending'],
    cancelled: [],
  },
  actions: {},
  stateOf: (job) => job.decision_state as DecisionState,
  publicState: shownAs(decisionStates),
})

/** What keeps every action from a job that is not authorized, or whose repair order is finished. */
export function workBlockers(job: JobSubject): Blocker[] {
  const blockers: Blocker[] = []
  if (job.decision_state !== 'authorized') {
    const shown = shownAs(decisionStates)(job.decision_state as DecisionState)
    blockers.push({
      type: 'job',
      reason: 'not_authorized',
      message: `The job is ${shown}: only authorized work can be started or finished`,
      resolution: ['The shop authorizes the job with the customer; fetch it again afterwards'],
    })
  }
  if (isSettled(job.repair_order_state)) {
    const state = publicRepairOrderState(job.repair_order_state)
    blockers.push({
      type: 'repair_order',
      reason: `state_${state}`,
      message: `Repair order ${job.repair_order_public_id} is ${state.replaceAll('_', ' ')}: its jobs are no longer worked`,
      resolution: [],
    })
  }
  return blockers
}

const actionScopes = ['repair_orders.read', 'jobs.actions'] as const

/**
 * The work on a job. API actions: start (not_started or paused -> in_progress), complete
 * (in_progress or paused -> completed), unable_to_complete (any unfinished state). `paused` is reached
 * by the shop only (`shopapi jobs pause`); completed and unable_to_complete are final.
 */
export const executionWorkflow = defineWorkflow<ExecutionState, JobAction, JobSubject>({
  name: 'job',
  states: executionStates,
  moves: {
    not_started: ['in_progress', 'unable_to_complete'],
    in_progress: ['paused', 'completed', 'unable_to_complete'],
    paused: ['in_progress', 'completed', 'unable_to_complete'],
    completed: [],
    unable_to_complete: [],
  },
  actions: {
    start: { from: ['not_started', 'paused'], to: 'in_progress', scopes: actionScopes, blockers: workBlockers },
    complete: { from: ['in_progress', 'paused'], to: 'completed', scopes: actionScopes, blockers: workBlockers },
    unable_to_complete: {
      from: ['not_started', 'in_progress', 'paused'],
      to: 'unable_to_complete',
      scopes: actionScopes,
      phrase: 'mark it unable to complete',
      blockers: workBlockers,
    },
  },
  stateOf: (job) => job.execution_state as ExecutionState,
  publicState: shownAs(executionStates),
})

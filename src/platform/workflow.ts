import { ApiError, type Blocker } from '../lib/errors.js'
import type { Scope } from '../lib/scopes.js'
import type { EventType, NewEvent } from './events.js'

/**
 * One action of a workflow (an API action such as a job's `start`, or a staff move): the states it
 * leaves, the state it reaches, the scopes a key needs to see and take it, and any further condition
 * of the subject (a blocker explains a refusal).
 */
export interface WorkflowAction<State extends string, Subject> {
  from: readonly State[]
  to: State
  /** Scopes a key must hold for the action to be available to it (staff hold every scope). */
  scopes?: readonly Scope[]
  /** Further conditions: the blockers that keep the action from this subject now (empty: none). */
  blockers?: (subject: Subject) => Blocker[]
  /**
   * What the action does, said with `it` for the subject, for messages: `check it in`, `mark it unable
   * to complete`. Default: the action's name and `it` (`start it`). Without it a message read
   * "Cannot unable to complete".
   */
  phrase?: string
}

/**
 * A state machine: its states (internal values; `publicState` maps them to the contract's, with
 * `unknown` for an internal state that has none), the moves between them, and the actions that
 * name some of those moves. Refusals are 409 `conflict` with a Blocker saying why and what would help.
 */
export interface Workflow<State extends string, Action extends string, Subject> {
  /** The Blocker `type` of refusals and the noun of messages, e.g. `repair_order`. */
  name: string
  states: readonly State[]
  /** Which states each state may move to (staff moves; actions are among them). */
  moves: Readonly<Record<State, readonly State[]>>
  actions: Readonly<Record<Action, WorkflowAction<State, Subject>>>
  /** The subject's current state. */
  stateOf: (subject: Subject) => State
  /** The public value of an internal state (identity unless the contract has no such value). */
  publicState?: (state: State) => string
}

export function defineWorkflow<State extends string, Action extends string, Subject>(
  workflow: Workflow<State, Action, Subject>,
): Workflow<State, Action, Subject> {
  for (const [from, targets] of Object.entries(workflow.moves) as [State, readonly State[]][]) {
    for (const to of targets) {
      if (!workflow.states.includes(to)) throw new Error(`${workflow.name}: move ${from} -> ${to} names no state`)
    }
  }
  for (const [name, action] of Object.entries(workflow.actions) as [Action, WorkflowAction<State, Subject>][]) {
    for (const from of action.from) {
      if (!workflow.moves[from]?.includes(action.to)) {
        throw new Error(`${workflow.name}: action ${name} moves ${from} -> ${action.to}, which is not a move`)
      }
    }
  }
  return workflow
}

const label = (text: string) => text.replaceAll('_', ' ')

/** `a repair order`, `an appointment`. */
const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
/** A blocker's message continuing a sentence after "Cannot ...:" (an id or a code keeps its case). */
const continuing = (message: string) =>
  /^[A-Z][a-z]/.test(message) ? message.charAt(0).toLowerCase() + message.slice(1) : message
/** `a, b or c` */
const orList = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? 'nothing') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`

function actionPhrase<State extends string, Subject>(action: string, definition: WorkflowAction<State, Subject>) {
  return definition.phrase ?? `${label(action)} it`
}

/** Why `action` is not available to this subject and key now; empty when it is. */
export function actionBlockers<State extends string, Action extends string, Subject>(
  workflow: Workflow<State, Action, Subject>,
  subject: Subject,
  action: Action,
  scopes: ReadonlySet<string> | 'staff',
): Blocker[] {
  const definition = workflow.actions[action]
  const state = workflow.stateOf(subject)
  const shown = workflow.publicState?.(state) ?? state
  if (scopes !== 'staff') {
    const missing = (definition.scopes ?? []).filter((scope) => !scopes.has(scope))
    if (missing.length > 0) {
      return [
        {
          type: workflow.name,
          reason: 'missing_scope',
          message: `The key needs the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} to ${actionPhrase(action, definition)}`,
          resolution: [`Ask the shop to grant ${missing.join(', ')} to this integration`],
        },
      ]
    }
  }
  if (!definition.from.includes(state)) {
    const from = definition.from.map((value) => label(workflow.publicState?.(value) ?? value))
    return [
      {
        type: workflow.name,
        reason: `state_${shown}`,
        message: `The ${label(workflow.name)} is ${label(shown)}; it must be ${orList(from)} to ${actionPhrase(action, definition)}`,
        resolution: [`Fetch the ${label(workflow.name)} again and use its available_actions`],
      },
    ]
  }
  return definition.blockers?.(subject) ?? []
}

/** The actions available to this subject and key, in the workflow's order (spec `available_actions`). */
export function availableActions<State extends string, Action extends string, Subject>(
  workflow: Workflow<State, Action, Subject>,
  subject: Subject,
  scopes: ReadonlySet<string> | 'staff',
): Action[] {
  return (Object.keys(workflow.actions) as Action[]).filter(
    (action) => actionBlockers(workflow, subject, action, scopes).length === 0,
  )
}

/** The state `action` reaches, or 409 conflict with the blockers that keep it from this subject. */
export function assertAction<State extends string, Action extends string, Subject>(
  workflow: Workflow<State, Action, Subject>,
  subject: Subject,
  action: Action,
  scopes: ReadonlySet<string> | 'staff',
): State {
  const blockers = actionBlockers(workflow, subject, action, scopes)
  if (blockers.length > 0) {
    const phrase = actionPhrase(action, workflow.actions[action]).replace(/\bit\b/, `the ${label(workflow.name)}`)
    throw new ApiError('conflict', `Cannot ${phrase}: ${continuing((blockers[0] as Blocker).message)}`, { blockers })
  }
  return workflow.actions[action].to
}

/** A staff move to `to`, or 409 conflict naming the moves that are possible from here. */
export function assertMove<State extends string, Action extends string, Subject>(
  workflow: Workflow<State, Action, Subject>,
  subject: Subject,
  to: string,
): State {
  const from = workflow.stateOf(subject)
  if (!workflow.states.includes(to as State)) {
    throw new ApiError(
      'invalid_request',
      `Unknown ${label(workflow.name)} state "${to}": one of ${workflow.states.join(', ')}`,
      {
        param: 'state',
      },
    )
  }
  const allowed = workflow.moves[from] ?? []
  if (!allowed.includes(to as State)) {
    const options = allowed.length > 0 ? allowed.join(', ') : 'none (it is final)'
    // Raw state values here: staff type them (`--state in_progress`).
    const subject = capitalized(withArticle(label(workflow.name)))
    throw new ApiError('conflict', `${subject} cannot move from ${from} to ${to}; allowed: ${options}`, {
      param: 'state',
      blockers: [
        {
          type: workflow.name,
          reason: 'transition_not_allowed',
          message: `The ${label(workflow.name)} workflow has no move from ${from} to ${to}`,
          resolution: allowed.map((state) => `Move it to ${state}`),
        },
      ],
    })
  }
  return to as State
}

/** The `*.status_changed` event of a move (summary values as the public object shows them). */
export function statusChangedEvent<State extends string, Action extends string, Subject>(
  workflow: Workflow<State, Action, Subject>,
  type: EventType,
  objectId: string,
  change: { field: string; from: State; to: State; summary?: Record<string, unknown> },
): NewEvent {
  const shown = (state: State) => workflow.publicState?.(state) ?? state
  return {
    type,
    objectType: workflow.name,
    objectId,
    summary: { ...change.summary, [change.field]: shown(change.to), [`previous_${change.field}`]: shown(change.from) },
  }
}

import t from 'tap'
import { ApiError } from '../../src/lib/errors.js'
import {
  actionBlockers,
  assertAction,
  assertMove,
  availableActions,
  defineWorkflow,
  statusChangedEvent,
  type Workflow,
} from '../../src/platform/workflow.js'
import { appointmentWorkflow } from '../../src/resources/appointments/workflow.js'
import { decisionWorkflow, executionWorkflow } from '../../src/resources/jobs/workflow.js'
import { repairOrderWorkflow } from '../../src/resources/repair-orders/workflow.js'
import { taskWorkflow } from '../../src/resources/tasks/workflow.js'

type Door = { state: 'closed' | 'open' | 'locked' | 'jammed'; hasKey: boolean }

const door = defineWorkflow({
  name: 'door',
  states: ['closed', 'open', 'locked', 'jammed'] as const,
  moves: { closed: ['open', 'locked'], open: ['closed'], locked: ['closed'], jammed: [] },
  actions: {
    open: { from: ['closed'], to: 'open', scopes: ['jobs.actions'] },
    lock: {
      from: ['closed'],
      to: 'locked',
      blockers: (subject: Door) =>
        subject.hasKey ? [] : [{ type: 'door', reason: 'no_key', message: 'no key', resolution: ['Find the key'] }],
    },
  },
  stateOf: (subject: Door) => subject.state,
  publicState: (state) => (state === 'jammed' ? 'unknown' : state),
})

t.test('available actions depend on the state, the key scopes and the subject', async (t) => {
  const closed: Door = { state: 'closed', hasKey: true }
  t.same(availableActions(door, closed, new Set(['jobs.actions'])), ['open', 'lock'])
  t.same(availableActions(door, closed, new Set()), ['lock'], 'a key without the scope does not see open')
  t.same(availableActions(door, closed, 'staff'), ['open', 'lock'], 'staff hold every scope')
  t.same(availableActions(door, { state: 'closed', hasKey: false }, 'staff'), ['open'])
  t.same(availableActions(door, { state: 'open', hasKey: true }, 'staff'), [])
})

t.test('a refused action is 409 conflict with a blocker that says why', async (t) => {
  const error = t.throws(() => assertAction(door, { state: 'open', hasKey: true }, 'lock', 'staff')) as ApiError
  t.ok(error instanceof ApiError)
  t.equal(error.status, 409)
  t.equal(error.code, 'conflict')
  t.equal(error.blockers[0]?.reason, 'state_open')
  t.equal(error.blockers[0]?.message, 'The door is open; it must be closed to lock it')
  t.equal(error.message, 'Cannot lock the door: the door is open; it must be closed to lock it')
  t.equal(actionBlockers(door, { state: 'closed', hasKey: false }, 'lock', 'staff')[0]?.reason, 'no_key')
  t.equal(assertAction(door, { state: 'closed', hasKey: true }, 'lock', 'staff'), 'locked')
  t.equal(actionBlockers(door, { state: 'closed', hasKey: true }, 'open', new Set())[0]?.reason, 'missing_scope')
})

t.test('staff moves: allowed ones pass, others are refused naming the allowed moves', async (t) => {
  t.equal(assertMove(door, { state: 'closed', hasKey: true }, 'open'), 'open')
  const refused = t.throws(() => assertMove(door, { state: 'open', hasKey: true }, 'locked')) as ApiError
  t.equal(refused.code, 'conflict')
  t.match(refused.message, /allowed: closed/)
  const final = t.throws(() => assertMove(door, { state: 'jammed', hasKey: true }, 'open')) as ApiError
  t.match(final.message, /none \(it is final\)/)
  const unknown = t.throws(() => assertMove(door, { state: 'open', hasKey: true }, 'ajar')) as ApiError
  t.equal(unknown.code, 'invalid_request')
})

t.test('status events carry the public values of both states', async (t) => {
  const event = statusChangedEvent(door, 'job.status_changed', 'job_1', {
    field: 'state',
    from: 'jammed',
    to: 'closed',
    summary: { number: '7' },
  })
  t.same(event.summary, { number: '7', state: 'closed', previous_state: 'unknown' })
})

t.test('a workflow whose action is not one of its moves is refused at definition', async (t) => {
  t.throws(
    () =>
      defineWorkflow({
        name: 'bad',
        states: ['a', 'b'] as const,
        moves: { a: [], b: [] },
        actions: { go: { from: ['a'], to: 'b' } },
        stateOf: (s: { state: 'a' | 'b' }) => s.state,
      }),
    /not a move/,
  )
})

// ---- Issue 25 item 9: every refusal a workflow can say reads as English ("Cannot unable to
// complete", "A appointment" were sent) ----

const shopWorkflows = [
  appointmentWorkflow,
  decisionWorkflow,
  executionWorkflow,
  repairOrderWorkflow,
  taskWorkflow,
] as unknown as Workflow<string, string, Record<string, string>>[]

/** One subject per state, in every field a workflow reads, with the job blockers' conditions met. */
function subjectIn(state: string): Record<string, string> {
  return {
    status: state,
    state,
    execution_state: state,
    decision_state: state === 'authorized' ? 'authorized' : 'pending',
    repair_order_state: 'invoiced',
    repair_order_public_id: 'ro_4bW2yXk0fT9Q',
  }
}

/** What makes a message fail a reader: a raw code word, a wrong article, an action where a verb goes. */
function grammarProblems(message: string): string[] {
  const problems: string[] = []
  if (!/^[A-Z"]/.test(message)) problems.push('starts in lower case')
  if (/\b[Aa] [aeiouAEIOU]/.test(message)) problems.push('"a" before a vowel')
  if (/\bCannot (unable|not|is|a|an|the)\b/i.test(message)) problems.push('"Cannot" without a verb')
  if (/ {2}|\s[,;:.]/.test(message)) problems.push('stray spacing')
  // Scopes (jobs.actions) and ids (ro_...) are written as they are; anything else with _ is a raw value.
  const raw = message
    .split(/[\s,;:()]+/)
    .filter((word) => word.includes('_') && !word.includes('.') && !/^ro_/.test(word))
  if (raw.length > 0) problems.push(`raw values ${raw.join(' ')}`)
  return problems
}

t.test('every workflow refusal message of every action from every state reads as a sentence', async (t) => {
  const messages = new Set<string>()
  for (const workflow of shopWorkflows) {
    for (const state of workflow.states) {
      for (const action of Object.keys(workflow.actions)) {
        for (const scopes of [new Set<string>(), 'staff'] as const) {
          try {
            assertAction(workflow, subjectIn(state), action, scopes)
          } catch (error) {
            messages.add((error as ApiError).message)
            for (const blocker of (error as ApiError).blockers) messages.add(blocker.message)
          }
        }
      }
    }
  }
  t.ok(messages.size > 20, `refusals seen: ${messages.size}`)
  for (const message of messages) t.same(grammarProblems(message), [], message)
  t.ok(
    [...messages].includes(
      'Cannot mark the job unable to complete: the job is completed; it must be not started, in progress or paused to mark it unable to complete',
    ),
    'an action named as a verb phrase',
  )
  t.ok([...messages].some((message) => message.startsWith('Cannot check the appointment in: ')))
})

t.test('every refused staff move names the workflow with the right article', async (t) => {
  let refusals = 0
  for (const workflow of shopWorkflows) {
    for (const from of workflow.states) {
      for (const to of workflow.states) {
        if (workflow.moves[from]?.includes(to)) continue
        try {
          assertMove(workflow, subjectIn(from), to)
        } catch (error) {
          refusals += 1
          const message = (error as ApiError).message
          t.match(message, /^(A [^aeiou]|An [aeiou])/, message)
          t.notMatch((error as ApiError).blockers[0]?.message ?? '', /\b[Aa] [aeiou]/)
        }
      }
    }
  }
  t.ok(refusals > 100, `refused moves seen: ${refusals}`)
})

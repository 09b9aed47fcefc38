import t from 'tap'
import { ApiError } from '../../src/lib/errors.js'
import {
  actionBlockers,
  assertAction,
  assertMove,
  availableActions,
  defineWorkflow,
  statusChangedEvent,
} from '../../src/platform/workflow.js'

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
  t.match(error.blockers[0]?.message, /only from closed/)
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

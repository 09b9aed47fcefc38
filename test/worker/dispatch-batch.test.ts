import t from 'tap'
import { nextDispatchBatch } from '../../src/worker/dispatch.js'

// The dispatch statement holds key-share locks on the endpoints it fans out to; an endpoint's DELETE
// waits for them. The batch is sized so one statement writes about 2,000 deliveries.
t.test('the next dispatch claims about 2,000 deliveries worth of events', async (t) => {
  t.equal(nextDispatchBatch(100, { events: 100, deliveries: 2000 }), 100, '20 endpoints: 100 events')
  t.equal(nextDispatchBatch(100, { events: 100, deliveries: 100 }), 1000, 'one endpoint: the most, 1,000')
  t.equal(nextDispatchBatch(1000, { events: 50, deliveries: 5000 }), 20, '100 endpoints: 20 events')
  t.equal(nextDispatchBatch(100, { events: 10, deliveries: 10_000 }), 10, 'never fewer than 10 events')
  t.equal(nextDispatchBatch(100, { events: 100, deliveries: 0 }), 1000, 'no subscriber: the most')
  t.equal(nextDispatchBatch(37, { events: 0, deliveries: 0 }), 37, 'nothing claimed: the guess is kept')
})

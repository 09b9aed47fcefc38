// Secrets never reach a log line: the properties pino's redaction paths named are censored, at the
// top, one and two objects down; objects without secrets pass through untouched (not copied).
import t from 'tap'
import { logCensor, redactSecrets } from '../../src/lib/log-redaction.js'

t.test('secret-named properties are censored wherever the old redaction paths reached, and at the top', async (t) => {
  const logged = {
    req: { headers: { authorization: 'Bearer shopapi_live_x', host: 'shop.test' } },
    headers: { authorization: 'Bearer y' },
    key: { plaintextKey: 'shopapi_z', prefix: 'shopapi_ab' },
    endpoint: { secret: 'whsec_1', url: 'https://x.test' },
    db: { password: 'hunter2', api_key: 'k', apiKey: 'k2' },
    password: 'top',
  }
  const out = redactSecrets(logged)
  t.same(out, {
    req: { headers: { authorization: logCensor, host: 'shop.test' } },
    headers: { authorization: logCensor },
    key: { plaintextKey: logCensor, prefix: 'shopapi_ab' },
    endpoint: { secret: logCensor, url: 'https://x.test' },
    db: { password: logCensor, api_key: logCensor, apiKey: logCensor },
    password: logCensor,
  })
  t.equal(logged.req.headers.authorization, 'Bearer shopapi_live_x', "the caller's object is not changed")
  t.equal(logged.password, 'top')
})

t.test('an object without secrets is returned as is, untouched', async (t) => {
  const line = {
    method: 'GET',
    url: '/v1/customers',
    status: 200,
    duration_ms: 1.2,
    key_prefix: 'shopapi_ab',
    nested: { a: { b: 1 } },
  }
  t.equal(redactSecrets(line), line, 'the same object: nothing copied')
})

t.test('an error keeps its class, message and stack when a secret on it is censored', async (t) => {
  const error = Object.assign(new TypeError('boom'), { secret: 'whsec_2', code: 'E_X' })
  const out = redactSecrets({ err: error })
  t.ok(out.err instanceof TypeError, 'still a TypeError')
  t.equal(out.err.message, 'boom')
  t.equal(out.err.stack, error.stack)
  t.equal((out.err as unknown as { secret: string }).secret, logCensor)
  t.equal((out.err as unknown as { code: string }).code, 'E_X')
  t.equal(error.secret, 'whsec_2', 'the error itself is not changed')
})

t.test('arrays are walked too, and depth is bounded', async (t) => {
  const out = redactSecrets({ keys: [{ plaintextKey: 'a' }, { plaintextKey: 'b' }] })
  t.same(out, { keys: [{ plaintextKey: logCensor }, { plaintextKey: logCensor }] })
  const cyclic: Record<string, unknown> = { name: 'x' }
  cyclic.self = cyclic
  t.equal(redactSecrets(cyclic), cyclic, 'a cycle ends at the depth bound')
})

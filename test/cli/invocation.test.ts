// serve's hints name the command as it was started: a global install has no `npx` (issue 27 item 12).
import t from 'tap'
import { invokedAs } from '../../src/cli/invocation.js'

t.test('npx when npm exec started it, the bare name otherwise', async (t) => {
  t.equal(invokedAs({ npm_command: 'exec' }), 'npx shopapi', 'under npx')
  t.equal(invokedAs({}), 'shopapi', 'a global install')
  t.equal(invokedAs({ npm_command: 'run-script' }), 'shopapi', 'an npm script has the bin on PATH')
})

// Issue 25 item 9: a refused input is said as a sentence about the field, never as zod's developer
// text ("Too small: expected string to have >=1 characters").
import t from 'tap'
import { z } from 'zod'
import type { ApiError } from '../../src/lib/errors.js'
import { parseInput } from '../../src/platform/operation.js'

const body = z.strictObject({
  name: z.string().min(1),
  nickname: z.string().min(1, 'must not be empty').optional(),
  code: z.string().length(3).optional(),
  size: z.enum(['small', 'large']).optional(),
  tags: z.array(z.string()).max(2).optional(),
  count: z.number().int().min(1).max(9).optional(),
  ratio: z.number().gt(0).optional(),
  flag: z.boolean().optional(),
  email: z.email().optional(),
})

const refusal = (input: unknown): string => {
  try {
    parseInput(body, input, 'body')
  } catch (error) {
    return (error as ApiError).message
  }
  return 'accepted'
}

t.test("zod's built-in issues read as sentences about the field", async (t) => {
  const cases: [unknown, string][] = [
    [{}, 'name: is required'],
    [{ name: '' }, 'name: must be at least 1 character long'],
    [{ name: 'x', code: 'ab' }, 'code: must be exactly 3 characters long'],
    [{ name: 'x', size: 'huge' }, 'size: must be one of "small", "large"'],
    [{ name: 'x', tags: ['a', 'b', 'c'] }, 'tags: must be a list of at most 2 items'],
    [{ name: 'x', count: 1.5 }, 'count: must be a whole number'],
    [{ name: 'x', count: 10 }, 'count: must be at most 9'],
    [{ name: 'x', ratio: 0 }, 'ratio: must be more than 0'],
    [{ name: 'x', flag: 'yes' }, 'flag: must be true or false'],
    [{ name: 'x', count: '3' }, 'count: must be a number'],
    [{ name: 'x', email: 'nope' }, 'email: must be a valid email'],
  ]
  for (const [input, message] of cases) t.equal(refusal(input), message, JSON.stringify(input))
})

t.test("a schema's own message is kept as written", async (t) => {
  t.equal(refusal({ name: 'x', nickname: '' }), 'nickname: must not be empty')
})

t.test('no message carries zod wording', async (t) => {
  const inputs = [{}, { name: 5 }, { name: '', size: 1 }, { name: 'x', tags: 'a' }, { name: 'x', count: -1 }]
  for (const input of inputs) t.notMatch(refusal(input), /Too (small|big)|Invalid|expected|received|>=|<=/)
})

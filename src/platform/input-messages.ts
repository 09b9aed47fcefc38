import { z } from 'zod'

/**
 * zod's own messages ("Too small: expected string to have >=1 characters") are written for developers
 * reading a stack trace. A client reads ours in an error envelope after the field's name, so each of
 * zod's built-in issues is said as the rest of a sentence about that field ("must be at least 1
 * character long"). zod consults this map only where a schema gave no message of its own, so our
 * own messages ("must not be empty") stay as written. Installed once, for every schema of the process.
 */
export function installInputMessages(): void {
  z.config({ customError: (issue) => inputIssueSentence(issue as z.core.$ZodIssue, issue.input) })
}

function inputIssueSentence(issue: z.core.$ZodIssue, value: unknown): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'is required'
      return `must be ${typeNames[issue.expected] ?? issue.expected}`
    case 'too_small':
      return `must be ${bound(issue.origin, issue.minimum, issue.inclusive, issue.exact, 'at least', 'more than')}`
    case 'too_big':
      return `must be ${bound(issue.origin, issue.maximum, issue.inclusive, issue.exact, 'at most', 'less than')}`
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((option) => JSON.stringify(option)).join(', ')}`
    case 'invalid_format':
      return issue.format === 'regex' ? 'is not in the expected format' : `must be a valid ${issue.format}`
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`
    case 'invalid_union':
      return 'is not any of the accepted forms'
    case 'invalid_key':
      return 'has a key that is not accepted'
    case 'invalid_element':
      return 'has an element that is not accepted'
    default:
      return undefined
  }
}

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
  date: 'a date',
  bigint: 'a whole number',
}

function bound(
  origin: string,
  limit: number | bigint,
  inclusive: boolean | undefined,
  exact: boolean | undefined,
  inclusiveWord: string,
  exclusiveWord: string,
): string {
  const amount = exact ? 'exactly' : inclusive === false ? exclusiveWord : inclusiveWord
  const plural = Number(limit) === 1 ? '' : 's'
  switch (origin) {
    case 'string':
      return `${amount} ${limit} character${plural} long`
    case 'array':
    case 'set':
      return `a list of ${amount} ${limit} item${plural}`
    case 'date':
      return `${amount} ${limit}`
    default:
      return `${amount} ${limit}`
  }
}

import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../../lib/errors.js'

// Spec "Common rules" 2: bodies are UTF-8. `fatal` makes a malformed byte sequence an error.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

// Fastify's own JSON parser (prototype-poisoning safe), except that an empty body means "no body":
// several operations take an optional body (spec: archive, cancel, conversion).
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  // JSON only: text/plain and other bodies are refused as invalid_json rather than parsed as strings.
  // Fastify tests the whole header, parameters included (`application/json; charset=utf-8`).
  app.removeAllContentTypeParsers()
  // Read as bytes: Fastify's string decoding would replace malformed UTF-8 with U+FFFD and store it.
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json\s*(;|$)/i, { parseAs: 'buffer' }, (request, body, done) => {
    let text: string
    try {
      text = strictUtf8.decode(body as Buffer)
    } catch {
      done(new ApiError('invalid_json', 'The request body is not valid UTF-8'), undefined)
      return
    }
    if (text.trim() === '') {
      done(null, undefined)
      return
    }
    parseJson(request, text, (error, value) => {
      if (error) done(new ApiError('invalid_json', 'The request body is not valid JSON'), undefined)
      else done(null, value)
    })
  })
})

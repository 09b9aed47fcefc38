import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../../lib/errors.js'

// Fastify's own JSON parser (prototype-poisoning safe), except that an empty body means "no body":
// several operations take an optional body (spec: archive, cancel, conversion).
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  // JSON only: text/plain and other bodies are refused as invalid_json rather than parsed as strings.
  // Fastify tests the whole header, parameters included (`application/json; charset=utf-8`).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json\s*(;|$)/i, { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
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

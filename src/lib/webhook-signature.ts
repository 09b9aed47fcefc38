import { createHmac } from 'node:crypto'
import { randomBase62 } from './ids.js'
import { assertSigningInputs, signatureHeader } from './service-signature.js'

// The Service-Signature itself (signing, verifying, its patterns) lives once in service-signature.ts,
// which is also the whole of the @shopapi/webhooks package partners install; this file adds what only the
// appliance does: issuing secrets and the Standard Webhooks headers beside it.
export {
  defaultToleranceSeconds,
  maxHeaderLength,
  signatureHeader,
  signaturePattern,
  signWebhookPayload,
  timestampPattern,
  verifyWebhookSignature,
} from './service-signature.js'

// 44 base62 characters (~262 bits): the contract allows only letters, digits, `_` and `-` after whsec_,
// and Standard Webhooks libraries base64-decode that part strictly. A base62 string whose length is a
// multiple of 4 is valid in both base64 alphabets, unpadded, so one secret serves both signatures.
const secretCharacters = 44

/** whsec_ + 44 random base62 characters */
export function generateWebhookSecret(): string {
  return `whsec_${randomBase62(33).slice(-secretCharacters)}`
}

/**
 * The Standard Webhooks key: the secret after `whsec_`, base64-decoded, as their libraries do. Secrets
 * issued before the base62 format may hold `-` or `_`; Node decodes those as base64url, strict decoders
 * refuse them, so such an endpoint verifies with a Standard Webhooks library after one rotation.
 */
function standardWebhooksKey(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64')
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,<base64 HMAC-SHA256>` of `<id>.<t>.<body>`,
 * one per live secret (current first), separated by spaces.
 */
export function standardWebhookSignatureHeader(
  messageId: string,
  rawBody: string | Uint8Array,
  secrets: readonly string[],
  timestampSeconds: number,
): string {
  assertSigningInputs(secrets, timestampSeconds)
  return secrets
    .map((secret) => {
      const digest = createHmac('sha256', standardWebhooksKey(secret))
        .update(`${messageId}.${timestampSeconds}.`)
        .update(rawBody)
        .digest('base64')
      return `v1,${digest}`
    })
    .join(' ')
}

/**
 * Every signing header of a delivery: the contract's Service-Event-Id and Service-Signature, and the
 * Standard Webhooks trio beside them (webhook-id is the event id, so it is the same on every retry).
 * The worker, resends, tests and `shopapi listen` all send exactly these.
 */
export function deliverySignatureHeaders(
  eventId: string,
  rawBody: string | Uint8Array,
  secrets: readonly string[],
  timestampSeconds: number,
): Record<string, string> {
  return {
    'service-event-id': eventId,
    'service-signature': signatureHeader(rawBody, secrets, timestampSeconds),
    'webhook-id': eventId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': standardWebhookSignatureHeader(eventId, rawBody, secrets, timestampSeconds),
  }
}

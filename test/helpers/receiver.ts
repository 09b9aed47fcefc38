import http from 'node:http'
import type { Test } from 'tap'

export interface ReceivedRequest {
  method: string
  url: string
  headers: http.IncomingHttpHeaders
  rawBody: Buffer
  receivedAt: number
}

export interface Receiver {
  url: string
  port: number
  requests: ReceivedRequest[]
  /** Resolves when `count` requests have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>
  close(): Promise<void>
}

type Answer = (request: ReceivedRequest, response: http.ServerResponse, index: number) => void

/** A webhook receiver on 127.0.0.1 that records every request and answers with `answer` (200 by default). */
export async function startReceiver(t: Test, answer: Answer = (_, response) => response.end('ok')): Promise<Receiver> {
  const requests: ReceivedRequest[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const received: ReceivedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawBody: Buffer.concat(chunks),
        receivedAt: Date.now(),
      }
      requests.push(received)
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve()
      answer(received, response, requests.length - 1)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  t.teardown(close)
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    requests,
    waitFor(count, timeoutMs = 15_000) {
      if (requests.length >= count) return Promise.resolve(requests.slice())
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} webhook requests, got ${requests.length}`)),
          timeoutMs,
        )
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer)
            resolve(requests.slice())
          },
        })
      })
    },
    close,
  }
}

/** Polls `check` until it returns a value other than undefined (rejects after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

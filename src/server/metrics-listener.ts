import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Metrics } from '../platform/metrics.js'

export interface MetricsListener {
  /** http://host:port/metrics as bound (port 0 becomes the port the system chose). */
  url: string
  close(): Promise<void>
}

function answerJson(response: http.ServerResponse, status: number, code: string, message: string) {
  const body = JSON.stringify({ error: { code, message, param: null, request_id: null, blockers: [] } })
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  response.end(body)
}

/**
 * `serve --metrics-port`: a listener of its own that answers `GET /metrics` without a token, for a
 * Prometheus on the same host (it binds 127.0.0.1 unless told otherwise). Plain node:http: one route,
 * no body, nothing of the API's machinery; anything else is 404 in the API's error envelope.
 */
export async function startMetricsListener(metrics: Metrics, host: string, port: number): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      answerJson(
        response,
        404,
        'not_found',
        `Unrecognized request URL (${request.method} ${path}); this port serves GET /metrics only`,
      )
      return
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
        response.end(request.method === 'HEAD' ? undefined : body)
      },
      () => answerJson(response, 500, 'internal_error', 'The metrics could not be collected'),
    )
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address
  return {
    url: `http://${shownHost}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      }),
  }
}

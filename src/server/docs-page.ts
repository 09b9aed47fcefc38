import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

// The API reference page: Redoc's standalone bundle renders the OpenAPI document in the browser
// (docs/decisions/api-conventions.md "API reference"). Every byte comes from this appliance or the file
// itself: a shop's server may be offline, so no CDN, no web font, no outside request; the page's
// Content-Security-Policy makes the browser refuse any other origin.

/** Where `/docs` loads the renderer from: the version is in the path, so it may be cached for a year. */
export interface Renderer {
  version: string
  script: string
  /** `'sha256-…'` of `script`, for a CSP that allows it inline (the exported file). */
  hash: string
}

let renderer: Renderer | undefined
let rendererBytes: Buffer | undefined

const emptySvg = `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E`

const require = createRequire(import.meta.url)

/** The version of Redoc's bundle, which names the path it is served at: read without the bundle. */
export function redocVersion(): string {
  return (require('redoc/package.json') as { version: string }).version
}

/** Redoc's standalone bundle from node_modules (1.1 MB of file; 2.2 MB of serve's live heap when it was read at start). */
function readRedocScript(): string {
  // Redoc 2's sidebar shows its maker's logo from a CDN, with no option to leave it out: an empty SVG
  // of the page's own takes its place (any other outside request would be refused by the CSP, and the
  // Chromium test fails on the attempt).
  return readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').replaceAll(
    'https://cdn.redoc.ly/redoc/logo-mini.svg',
    emptySvg,
  )
}

/** The bundle with its hash, read once the first time a page inlines it (the standalone export). */
export function redocRenderer(): Renderer {
  if (!renderer) {
    const script = readRedocScript()
    renderer = { version: redocVersion(), script, hash: cspHash(script) }
  }
  return renderer
}

/**
 * The bundle as `serve` sends it at rendererPath: read the first time a browser asks for it, not when
 * the server starts, and kept as UTF-8 bytes outside V8's heap (a server that never shows /docs
 * carries none of it).
 */
export function redocScriptBytes(): Buffer {
  rendererBytes ??= Buffer.from(renderer?.script ?? readRedocScript(), 'utf8')
  return rendererBytes
}

export function rendererPath(version: string): string {
  return `/docs/redoc-${version}.standalone.js`
}

function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

// Redoc's options: no web fonts (the theme's families fall back to the system's), the document's
// own order, and the search box (a worker Redoc starts from a blob: URL).
const redocOptions = {
  hideHostname: false,
  nativeScrollbars: true,
  theme: {
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      code: { fontFamily: 'ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace' },
    },
  },
}

// JSON inside <script type="application/json">: `<` escaped so no `</script>` (or `<!--`) ends it early.
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

// Redoc's styled-components write <style> elements at run time: styles need 'unsafe-inline' (a style
// cannot fetch anything with default-src 'none' and img/font limited below). Scripts are allowed by
// origin ('self') or by hash, never inline at large; Redoc's bundled JSON Schema validator compiles
// functions, hence 'unsafe-eval' is NOT granted: the page renders without it (tested in Chromium).
function contentSecurityPolicy(scripts: string[], self: boolean): string {
  const origin = self ? "'self' " : ''
  return [
    "default-src 'none'",
    `script-src ${origin}${scripts.join(' ')}`,
    `style-src 'unsafe-inline'`,
    `img-src ${origin}data:`,
    `font-src ${origin}data:`,
    `connect-src ${self ? "'self'" : "'none'"}`,
    `worker-src blob:`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>body{margin:0;padding:0}</style>
</head>
<body>
${body}
</body>
</html>
`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const specElement = '<script type="application/json" id="openapi-document">'

/** The inline start-up script: loads the document from `specUrl`, or from the page itself. */
function initScript(specUrl: string | undefined): string {
  const spec = specUrl ? JSON.stringify(specUrl) : `JSON.parse(document.getElementById('openapi-document').textContent)`
  return `Redoc.init(${spec}, ${JSON.stringify(redocOptions)}, document.getElementById('redoc'));`
}

/** The page `GET /docs` serves: small, the renderer and the document loaded from this origin. */
export function servedDocsPage(specUrl: string, title: string): { html: string; csp: string } {
  const version = redocVersion()
  const init = initScript(specUrl)
  const html = page(
    title,
    `<div id="redoc"></div>\n<script src="${rendererPath(version)}"></script>\n<script>${init}</script>`,
  )
  return { html, csp: contentSecurityPolicy([cspHash(init)], true) }
}

/** The same page as one self-contained file: the renderer and the document inlined, its CSP in a meta tag. */
export function standaloneDocsPage(document: Record<string, unknown>): string {
  const { script, hash } = redocRenderer()
  const init = initScript(undefined)
  const title =
    typeof (document.info as { title?: unknown } | undefined)?.title === 'string'
      ? (document.info as { title: string }).title
      : 'API reference'
  const csp = contentSecurityPolicy([hash, cspHash(init)], false)
  // The renderer's text may hold `</script>` inside a string literal? It does not (checked below).
  if (/<\/script/i.test(script)) throw new Error('the Redoc bundle holds </script>: it cannot be inlined as is')
  return page(
    title,
    `<div id="redoc"></div>\n${specElement}${scriptJson(document)}</script>\n<script>${script}</script>\n<script>${init}</script>`,
  ).replace(
    '<meta charset="utf-8">',
    `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
  )
}

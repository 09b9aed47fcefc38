// serve's log destination: lines are gathered into larger writes, yet a quiet server's lines still
// leave within a moment, and a standard output that does not keep up costs dropped (counted) lines,
// never unbounded memory.
import { execFileSync } from 'node:child_process'
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import t from 'tap'
import { bufferedLogDestination } from '../../src/server/log-destination.js'

t.test('a line shorter than the buffer reaches the file within the flush interval', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shopapi-log-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const file = path.join(dir, 'out.log')
  const fd = openSync(file, 'a')
  const destination = bufferedLogDestination(fd, { minBytes: 4096, flushEveryMs: 100 })
  // The destination owns the descriptor: ending it flushes and closes it.
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        const stream = destination.stream as unknown as NodeJS.EventEmitter & { end(): void }
        stream.once('close', () => resolve())
        stream.end()
      }),
  )
  destination.stream.write('{"msg":"request completed"}\n')
  let text = ''
  for (let i = 0; i < 40 && text === ''; i++) {
    await delay(50)
    text = readFileSync(file, 'utf8')
  }
  t.equal(text, '{"msg":"request completed"}\n', 'written, whole, without waiting for 4 KB')
  t.equal(destination.takeDropped(), 0, 'nothing dropped')
})

t.test('when standard output stops reading, lines past the bound are dropped and counted', async (t) => {
  // A pipe whose reader never reads: the kernel's pipe buffer fills, then every write would wait.
  const dir = mkdtempSync(path.join(tmpdir(), 'shopapi-log-'))
  const fifo = path.join(dir, 'stdout')
  execFileSync('mkfifo', [fifo])
  const readerFd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
  const fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)
  t.teardown(async () => {
    // The reader goes away: the destination's next attempt fails (EPIPE) and it stops writing.
    closeSync(readerFd)
    await delay(300)
    rmSync(dir, { recursive: true, force: true })
  })
  const maxBytes = 256 * 1024
  const destination = bufferedLogDestination(fd, { minBytes: 4096, flushEveryMs: 50, maxBytes })
  const line = `${JSON.stringify({ msg: 'request completed', pad: 'x'.repeat(80) })}\n`
  const lines = 20_000 // ~2 MB: far more than the pipe and the bound hold together
  for (let i = 0; i < lines; i++) {
    destination.stream.write(line)
    if (i % 1000 === 0) await delay(5)
  }
  const dropped = destination.takeDropped()
  t.ok(dropped > 0, `${dropped} lines dropped instead of held`)
  const held = lines - dropped
  t.ok(held * line.length <= maxBytes + 1024 * 1024, `at most the bound and the pipe's own buffer kept (${held} lines)`)
  t.equal(destination.takeDropped(), 0, 'the count starts again after it is taken')
})

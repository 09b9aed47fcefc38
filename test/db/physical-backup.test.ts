import t from 'tap'
import { segmentsBetween } from '../../src/db/physical-backup.js'

// The WAL segments a physical backup copies: from the start's segment through the stop's, named as
// PostgreSQL names them (timeline, log id, segment, 8 hex digits each).

const sixteenMegabytes = 16 * 1024 * 1024

t.test('one segment when the backup starts and stops in it', async (t) => {
  t.same(segmentsBetween('000000010000000000000002', '000000010000000000000002', sixteenMegabytes), [
    '000000010000000000000002',
  ])
})

t.test('consecutive segments, across a log id (256 segments of 16 MB in each)', async (t) => {
  t.same(segmentsBetween('0000000100000000000000FE', '000000010000000100000001', sixteenMegabytes), [
    '0000000100000000000000FE',
    '0000000100000000000000FF',
    '000000010000000100000000',
    '000000010000000100000001',
  ])
  t.same(
    segmentsBetween('000000010000000000000FFF', '000000010000000100000000', 1024 * 1024),
    ['000000010000000000000FFF', '000000010000000100000000'],
    '1 MB segments: 4096 in a log id',
  )
})

t.test('different timelines are refused', async (t) => {
  t.throws(() => segmentsBetween('000000010000000000000002', '000000020000000000000003', sixteenMegabytes))
})

// The schema is ready to be distributed by shop with Citus (issue 29, item 4; docs/deploy/citus.md).
// Citus shards a distributed table by one column and routes a statement to one shard when it names
// one value of it; it keeps a key or a foreign key correct only inside one shard. So, read from the
// catalog of the schema `migrations/` builds (pg_class, pg_attribute, pg_index, pg_constraint), never
// from a list of what passes:
//   - every table of shop data (it has a `shop_id` column) has shop_id NOT NULL and of one type, and in
//     its primary key, in every unique constraint and unique index (as a key column, not an INCLUDE
//     one) and every exclusion constraint;
//   - every foreign key between two such tables pairs shop_id with shop_id (the colocation rule: the
//     rows it joins are in the same shard), never sets it to null or a default, and does not cascade
//     updates of it;
//   - the tables without shop_id are exactly the reviewed allow-list below, so a NEW table without
//     shop_id fails here until someone decides what it is: a reference table (copied to every node)
//     or a plain table kept on the coordinator;
//   - a foreign key from shop data to a reference table is fine (Citus supports it: the reference
//     table is on every node), one from a reference table or a coordinator table to shop data is not;
//   - the pg-boss schema `pgboss` is left out on purpose: it stays on the coordinator as plain local
//     tables (its FOR UPDATE SKIP LOCKED and advisory locks need one node; docs/deploy/citus.md says
//     why), so it must not be tied to shop data by a foreign key either way.
// docs/deploy/citus.md lists the same tables in its create_*_table statements; the last tests hold it
// to the catalog, run its statements in dependency order against stand-ins for Citus's functions, and
// check that it names every trigger a distributed table carries (each one is a Citus hazard it explains).
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type pg from 'pg'
import t from 'tap'
import { createTestDatabase } from '../helpers/database.js'

/** The distribution column of every table of shop data. */
const distributionColumn = 'shop_id'

/**
 * Tables without shop_id, each placed on purpose. A reference table is replicated to every node, so
 * distributed tables may hold foreign keys to it; a coordinator table is a plain PostgreSQL table on
 * the coordinator that no distributed table joins or references.
 */
const withoutShop: Record<string, { placement: 'reference' | 'coordinator'; why: string }> = {
  shops: {
    placement: 'reference',
    why: 'the tenant itself: every table of shop data has a foreign key to it, so it must be on every node',
  },
  migrations: {
    placement: 'coordinator',
    why: "postgres-migrations' ledger of applied files, read and written only by migrate, status and /readyz",
  },
  worker_heartbeats: {
    placement: 'coordinator',
    why: 'one row per running worker process, written every few seconds; no shop, no foreign key',
  },
}

/** The schemas that hold tables: shopapi's, and pg-boss's, which is excluded from distribution (above). */
const schemas = { shop: 'public', jobQueue: 'pgboss' }

interface Problem {
  table: string
  problem: string
}

interface ForeignKey {
  name: string
  from: string
  to: string
  /** Referencing column -> referenced column, in key order. */
  pairs: [string, string][]
  onDelete: string
  onUpdate: string
}

/** Reads the shape of the schema `public` and says what would stop Citus from distributing it by shop. */
async function inspect(db: pg.Pool | pg.PoolClient) {
  const { rows: tables } = await db.query<{ table: string; shop_type: string | null; shop_not_null: boolean | null }>(
    `select c.relname as table, format_type(a.atttypid, a.atttypmod) as shop_type, a.attnotnull as shop_not_null
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     left join pg_attribute a on a.attrelid = c.oid and a.attname = $2 and not a.attisdropped
     where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname`,
    [schemas.shop, distributionColumn],
  )
  // Every unique index (primary keys and unique constraints are backed by one) and exclusion
  // constraint, with whether shop_id is one of its key columns (indnkeyatts: INCLUDE columns do not count).
  const { rows: keys } = await db.query<{ table: string; name: string; kind: string; has_shop: boolean }>(
    `select c.relname as table, i.relname as name,
       case when x.indisprimary then 'primary key' when x.indisexclusion then 'exclusion constraint'
            when exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.contype = 'u')
              then 'unique constraint' else 'unique index' end as kind,
       exists (select 1 from pg_attribute a
               where a.attrelid = c.oid and a.attname = $2
                 and a.attnum = any ((x.indkey::int2[])[0:x.indnkeyatts - 1])) as has_shop
     from pg_index x
     join pg_class c on c.oid = x.indrelid
     join pg_class i on i.oid = x.indexrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and (x.indisunique or x.indisexclusion)
     order by c.relname, i.relname`,
    [schemas.shop, distributionColumn],
  )
  const { rows: foreignKeys } = await db.query<ForeignKey>(
    `select k.conname as name, c.relname as from, r.relname as to,
       (select json_agg(json_build_array(fa.attname, ra.attname) order by u.i)
        from unnest(k.conkey, k.confkey) with ordinality as u(fk, pk, i)
        join pg_attribute fa on fa.attrelid = k.conrelid and fa.attnum = u.fk
        join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = u.pk) as pairs,
       k.confdeltype as "onDelete", k.confupdtype as "onUpdate"
     from pg_constraint k
     join pg_class c on c.oid = k.conrelid
     join pg_class r on r.oid = k.confrelid
     where k.contype = 'f' and (c.relnamespace = $1::regnamespace or r.relnamespace = $1::regnamespace)
     order by c.relname, k.conname`,
    [schemas.shop],
  )

  const distributed = tables.filter((row) => row.shop_type !== null).map((row) => row.table)
  const others = tables.filter((row) => row.shop_type === null).map((row) => row.table)
  const isDistributed = new Set(distributed)
  const placement = (table: string) =>
    isDistributed.has(table) ? 'distributed' : (withoutShop[table]?.placement ?? 'unplaced')
  const problems: Problem[] = []

  for (const row of tables) {
    if (row.shop_type === null) continue
    if (!row.shop_not_null) problems.push({ table: row.table, problem: 'shop_id may be null' })
    if (row.shop_type !== 'uuid') problems.push({ table: row.table, problem: `shop_id is ${row.shop_type}, not uuid` })
  }
  for (const table of distributed) {
    if (!keys.some((key) => key.table === table && key.kind === 'primary key'))
      problems.push({ table, problem: 'no primary key' })
  }
  for (const key of keys) {
    if (isDistributed.has(key.table) && !key.has_shop)
      problems.push({ table: key.table, problem: `${key.kind} ${key.name} does not include shop_id` })
  }
  for (const table of others) {
    if (!withoutShop[table])
      problems.push({
        table,
        problem: 'has no shop_id and is not in the allow-list: add shop_id, or place it (reference or coordinator)',
      })
  }
  for (const fk of foreignKeys) {
    const from = placement(fk.from)
    const to = placement(fk.to)
    const where = `foreign key ${fk.name} (${fk.from} -> ${fk.to})`
    if (from === 'distributed' && to === 'distributed') {
      const paired = fk.pairs.some(([mine, theirs]) => mine === distributionColumn && theirs === distributionColumn)
      const misplaced = fk.pairs.some(
        ([mine, theirs]) => (mine === distributionColumn) !== (theirs === distributionColumn),
      )
      if (!paired || misplaced)
        problems.push({ table: fk.from, problem: `${where} does not pair shop_id with shop_id` })
      // SET NULL / SET DEFAULT would write the distribution column; ON UPDATE CASCADE would move it.
      if (['n', 'd'].includes(fk.onDelete) || !['a', 'r'].includes(fk.onUpdate))
        problems.push({
          table: fk.from,
          problem: `${where} may change shop_id (on delete ${fk.onDelete}, on update ${fk.onUpdate})`,
        })
    } else if (from === 'distributed' && to === 'reference') {
      // Supported by Citus: the reference table is on every node.
    } else if (from === 'reference' && to === 'reference') {
      // Supported as well.
    } else {
      problems.push({ table: fk.from, problem: `${where} goes from a ${from} table to a ${to} table` })
    }
  }
  return { tables: tables.map((row) => row.table), distributed, others, foreignKeys, placement, problems }
}

const database = await createTestDatabase(t)
const owner = database.owner.pool
const schema = await inspect(owner)

t.test('every table of shop data carries shop_id in every key and every foreign key to shop data', async (t) => {
  t.ok(schema.distributed.length >= 25, `the catalog was read: ${schema.distributed.length} tables of shop data`)
  t.same(schema.problems, [], 'nothing stops distributing the schema by shop_id')
  t.comment(`distributed by shop_id: ${schema.distributed.join(', ')}`)
})

t.test('the tables without shop_id are the reviewed allow-list', async (t) => {
  t.same(schema.others, Object.keys(withoutShop).sort(), 'no table without shop_id is new or gone')
  const reference = Object.entries(withoutShop).filter(([, table]) => table.placement === 'reference')
  t.same(
    reference.map(([name]) => name),
    ['shops'],
    'shops is the one reference table (there is no table of scopes: they are a text[] of integrations)',
  )
})

t.test(
  'foreign keys to reference tables are fine; none goes from a reference or coordinator table to shop data',
  async (t) => {
    const toReference = schema.foreignKeys.filter(
      (fk) => schema.placement(fk.from) === 'distributed' && schema.placement(fk.to) === 'reference',
    )
    t.ok(toReference.length >= 15, `${toReference.length} foreign keys go from shop data to shops, and pass`)
    const fromElsewhere = schema.foreignKeys.filter((fk) =>
      ['reference', 'coordinator'].includes(schema.placement(fk.from)),
    )
    t.same(fromElsewhere, [], 'shops, migrations and worker_heartbeats reference no other table')
    const toCoordinator = schema.foreignKeys.filter((fk) => schema.placement(fk.to) === 'coordinator')
    t.same(toCoordinator, [], 'nothing references a coordinator table')
  },
)

t.test('the pg-boss schema is left out, and tied to no table of shopapi', async (t) => {
  // pg-boss stays on the coordinator (docs/deploy/citus.md): its tables are not checked above, but a
  // foreign key between it and shopapi's tables would drag it into the distributed schema.
  const { rows: found } = await owner.query<{ schema: string }>(
    `select distinct n.nspname as schema from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_toast'
     order by 1`,
  )
  t.same(
    found.map((row) => row.schema).sort(),
    [schemas.jobQueue, schemas.shop].sort(),
    'tables live in public and pgboss only',
  )
  const { rows: crossing } = await owner.query(
    `select conname from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
     where k.contype = 'f' and (c.relnamespace = $1::regnamespace) <> (r.relnamespace = $1::regnamespace)`,
    [schemas.jobQueue],
  )
  t.same(crossing, [], 'no foreign key between pgboss and public')
})

t.test('the check fails on what Citus could not distribute', async (t) => {
  // Each case in a transaction of its own, rolled back: the test's own database stays as migrated.
  async function problemsWith(sql: string): Promise<string[]> {
    const client = await owner.connect()
    try {
      await client.query('begin')
      await client.query(sql)
      return (await inspect(client)).problems.map((problem) => `${problem.table}: ${problem.problem}`)
    } finally {
      await client.query('rollback')
      client.release()
    }
  }
  async function refuses(sql: string, expected: RegExp[], what: string) {
    const found = await problemsWith(sql)
    t.equal(found.length, expected.length, `${what}: ${found.length} problem(s) found`)
    for (const [i, pattern] of expected.entries()) t.match(found[i], pattern, what)
  }
  await refuses(
    'create table probe_notes (shop_id uuid not null references shops (id), id uuid primary key)',
    [/^probe_notes: primary key probe_notes_pkey does not include shop_id$/],
    'a table of shop data keyed by id alone',
  )
  await refuses(
    'create table probe_settings (id int primary key, value text)',
    [/^probe_settings: has no shop_id and is not in the allow-list/],
    'a new table without shop_id',
  )
  await refuses(
    'create unique index probe_customers_public_id on customers (public_id)',
    [/^customers: unique index probe_customers_public_id does not include shop_id$/],
    'a unique index without shop_id',
  )
  await refuses(
    'create unique index probe_customers_covering on customers (public_id) include (shop_id)',
    [/^customers: unique index probe_customers_covering does not include shop_id$/],
    'shop_id only as an INCLUDE column of a unique index',
  )
  await refuses(
    `create table probe_lines (shop_id uuid not null, id uuid not null, order_id uuid not null, primary key (shop_id, id),
       foreign key (order_id, shop_id) references repair_orders (shop_id, id))`,
    [
      /^probe_lines: foreign key probe_lines_order_id_shop_id_fkey \(probe_lines -> repair_orders\) does not pair shop_id with shop_id$/,
    ],
    'a foreign key to shop data whose shop_id meets another column',
  )
  await refuses(
    `create table probe_tags (shop_id uuid, id uuid not null, customer_id uuid, primary key (shop_id, id),
       foreign key (shop_id, customer_id) references customers (shop_id, id) on delete set null)`,
    [
      /^probe_tags: foreign key probe_tags_shop_id_customer_id_fkey .* may change shop_id \(on delete n, on update a\)$/,
    ],
    'a foreign key that would set shop_id to null',
  )
  await refuses(
    'alter table shops add column probe_owner uuid, add foreign key (id, probe_owner) references customers (shop_id, id)',
    [
      /^shops: foreign key shops_id_probe_owner_fkey \(shops -> customers\) goes from a reference table to a distributed table$/,
    ],
    'a reference table referencing shop data',
  )
  await refuses(
    'create table probe_loose (shop_id uuid references shops (id), note text)',
    [/^probe_loose: shop_id may be null$/, /^probe_loose: no primary key$/],
    'a nullable shop_id and no primary key',
  )
})

const docPath = fileURLToPath(new URL('../../docs/deploy/citus.md', import.meta.url))
const doc = await readFile(docPath, 'utf8')
/** The doc's distribution statements: the ```sql block whose first line is `-- Distribute shopapi's tables`. */
const statements = /```sql\n(-- Distribute shopapi's tables[\s\S]*?)```/.exec(doc)?.[1]

t.test('docs/deploy/citus.md distributes exactly the tables the catalog has', async (t) => {
  if (!statements) {
    t.fail("docs/deploy/citus.md has no ```sql block starting with -- Distribute shopapi's tables")
    return
  }
  const reference = [...statements.matchAll(/create_reference_table\('(\w+)'\)/g)].map((m) => m[1])
  const distributed = [...statements.matchAll(/create_distributed_table\('(\w+)', '(\w+)'/g)].map((m) => m[1])
  const columns = new Set([...statements.matchAll(/create_distributed_table\('\w+', '(\w+)'/g)].map((m) => m[1]))
  t.same([...columns], [distributionColumn], 'every table is distributed by shop_id')
  t.same([...distributed].sort(), [...schema.distributed].sort(), 'its distributed tables are the tables of shop data')
  t.same(
    reference.sort(),
    Object.keys(withoutShop).filter((name) => withoutShop[name]?.placement === 'reference'),
    'its reference tables are the allow-list',
  )
  // The prose list of "Where each table goes" is held to the catalog too, with its count.
  const prose = /\*\*Distributed by `shop_id`[^(]*\((\d+) tables\):([\s\S]*?)\n\n/.exec(doc)
  t.ok(prose, 'it has the paragraph "Distributed by `shop_id` … (N tables): …"')
  if (prose) {
    t.equal(Number(prose[1]), schema.distributed.length, 'the paragraph counts the tables of shop data')
    const named = [...(prose[2] ?? '').matchAll(/`(\w+)`/g)].map((m) => m[1]).filter((name) => name !== 'shop_id')
    t.same(named.sort(), [...schema.distributed].sort(), 'the paragraph names the tables of shop data')
  }
  for (const [name, table] of Object.entries(withoutShop)) {
    if (table.placement === 'coordinator')
      t.match(doc, new RegExp(`\`${name}\``), `it says where the coordinator table ${name} stays`)
  }
})

t.test("the doc's statements run in dependency order (against stand-ins for Citus's functions)", async (t) => {
  if (!statements) return
  // Citus is not installable on this machine (docs/deploy/citus.md). These stand-ins keep Citus's
  // signatures and refuse what Citus refuses: distributing a table before the tables its foreign keys
  // reference, a reference table with a foreign key to a table not yet replicated, colocating with a
  // table that is not distributed yet, and a first table that does not start its colocation group.
  const client = await owner.connect()
  try {
    await client.query('begin')
    await client.query(`create schema citus_stand_in;
      create table citus_stand_in.placed (rel regclass primary key, kind text not null, column_name text, n serial);
      create function citus_stand_in.unplaced_references(rel regclass) returns text language sql as $$
        select string_agg(k.confrelid::regclass::text, ', ') from pg_constraint k
        where k.contype = 'f' and k.conrelid = rel and k.confrelid <> rel
          and k.confrelid not in (select p.rel from citus_stand_in.placed p)
      $$;
      create function citus_stand_in.create_reference_table(table_name regclass) returns void language plpgsql as $$
      begin
        if citus_stand_in.unplaced_references(table_name) is not null then
          raise exception 'reference table % references %, not placed yet', table_name, citus_stand_in.unplaced_references(table_name);
        end if;
        insert into citus_stand_in.placed (rel, kind) values (table_name, 'reference');
      end $$;
      create function citus_stand_in.create_distributed_table(table_name regclass, distribution_column text,
        distribution_type text default 'hash', colocate_with text default 'default', shard_count integer default null)
      returns void language plpgsql as $$
      begin
        if not exists (select 1 from pg_attribute where attrelid = table_name and attname = distribution_column) then
          raise exception '% has no column %', table_name, distribution_column;
        end if;
        if citus_stand_in.unplaced_references(table_name) is not null then
          raise exception '% references %, not placed yet', table_name, citus_stand_in.unplaced_references(table_name);
        end if;
        if exists (select 1 from citus_stand_in.placed where kind = 'distributed') then
          if not exists (select 1 from citus_stand_in.placed where kind = 'distributed' and rel::text = colocate_with) then
            raise exception '% is colocated with %, which is not distributed yet', table_name, colocate_with;
          end if;
        elsif colocate_with <> 'none' then
          raise exception 'the first distributed table % should start its group (colocate_with => ''none'')', table_name;
        end if;
        insert into citus_stand_in.placed (rel, kind, column_name) values (table_name, 'distributed', distribution_column);
      end $$;
      set local search_path = citus_stand_in, public;`)
    await client.query(statements)
    const { rows } = await client.query<{ kind: string; n: number }>(
      'select kind, count(*)::int as n from citus_stand_in.placed group by kind order by kind',
    )
    t.same(
      rows,
      [
        { kind: 'distributed', n: schema.distributed.length },
        { kind: 'reference', n: 1 },
      ],
      'every statement ran, each table placed once',
    )
  } finally {
    await client.query('rollback')
    client.release()
  }
})

t.test('the doc names every trigger a distributed table carries', async (t) => {
  // Triggers on distributed tables run on the worker that holds the shard (and need
  // citus.enable_unsafe_triggers): each is a decision the doc explains, so a new one must be named there.
  const { rows } = await owner.query<{ table: string; trigger: string }>(
    `select c.relname as table, g.tgname as trigger from pg_trigger g join pg_class c on c.oid = g.tgrelid
     where not g.tgisinternal and c.relnamespace = $1::regnamespace order by 1, 2`,
    [schemas.shop],
  )
  t.ok(rows.length > 0, `${rows.length} triggers`)
  const unnamed = rows.filter((row) => !doc.includes(`\`${row.trigger}\``))
  t.same(unnamed, [], 'each trigger is named in docs/deploy/citus.md')
})

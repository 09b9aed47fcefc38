-- search_bigrams (00018) as PL/pgSQL: the same pairs, about half the write cost of its indexes (issue 26).
-- The bigram GIN indexes evaluate it for every row written. As a SQL function with a FROM clause it
-- could not be inlined, so every INSERT or UPDATE statement parsed and planned its body again before
-- running it (the function cache lives for one statement's execution): measured on one connection
-- (four runs on a loaded machine), single-row inserts into a table with only such an index cost
-- 184-300 µs of Postgres CPU over the same table without it; as PL/pgSQL (compiled once per
-- session) 100-121 µs.
-- It returns each pair where it occurs, duplicates included, where 00018 returned each pair once: a
-- GIN index keeps an element once however often an array holds it, and `@>` (what searchCondition in
-- src/db/sql.ts asks) ignores repeats, so the indexes built by the old body stay valid as they are.
-- Down: the body of 00018.
create or replace function search_bigrams(text) returns text[]
  language plpgsql immutable strict parallel safe
as $$
declare
  pairs text[] := '{}';
begin
  for i in 1 .. char_length($1) - 1 loop
    pairs[i] := substr($1, i, 2);
  end loop;
  return pairs;
end
$$;

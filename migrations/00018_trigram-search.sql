-- `q` substring search is index-backed for every term the contract allows (2-100 characters).
-- The trigram indexes of 00002 and 00005 narrow a LIKE '%term%' only when the term yields a trigram
-- (three letters or digits in a row); a two-character term (`zq`) read every row of the shop in list
-- order, 0.8 s over 200,000 inventory items. These indexes hold each row's distinct character pairs:
-- a row contains a term of two characters exactly when the term is one of its pairs, and a term with
-- no run of three letters or digits (`a-b`) is narrowed by all of its pairs. The API uses them for
-- such terms (searchCondition in src/db/sql.ts); the LIKE still decides.

-- Trusted extension (PostgreSQL 13+), already created by 00002; kept so this file stands alone.
create extension if not exists pg_trgm;

-- The distinct pairs of consecutive characters of a text (an empty array for fewer than two).
create function search_bigrams(text) returns text[]
  language sql immutable strict parallel safe
as $$
  select coalesce(array_agg(distinct substr($1, i, 2)), '{}')
  from generate_series(1, char_length($1) - 1) as i
$$;

create index customers_search_bigrams_idx on customers using gin (search_bigrams(search_text));
create index vehicles_search_bigrams_idx on vehicles using gin (search_bigrams(search_text));
create index canned_jobs_search_bigrams_idx on canned_jobs using gin (search_bigrams(search_text));
create index inventory_items_search_bigrams_idx on inventory_items using gin (search_bigrams(search_text));

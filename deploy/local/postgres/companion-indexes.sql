-- Companion GIN indexes for FerretDB 1.24 on PostgreSQL (issue 14: "queries that stay fast").
--
-- FerretDB stores each document as `_jsonb` and pushes a top-level equality filter down as
-- containment, `(_jsonb -> 'user_id') @> '"u7"'` (containment, because in MongoDB `{f: v}` also
-- matches an array holding v). It creates each MongoDB index as a btree over the same
-- expressions, `((_jsonb -> 'user_id'), (_jsonb -> 'created_at') DESC)` — and a btree cannot
-- answer `@>`. So every pushed-down filter was a sequential scan of the whole table: one user's
-- page of notifications took ~400 ms at 200,000 documents, linear in everyone's data.
--
-- A GIN index (jsonb_path_ops) on the same expression answers `@>` directly (0.1 ms for the same
-- query). This event trigger gives every btree index FerretDB creates a GIN companion on its
-- first key (the equality field our queries lead with: user, creator, reviewer, pair, outbox
-- state), in the same transaction. `_id` is left out: FerretDB looks it up by its own primary
-- index. A failure here is a warning, never a failed createIndexes.
--
-- Applied on every `infra.sh up` (idempotent); `amia_companion_index_backfill()` covers indexes
-- made before the trigger existed. Local only: production runs MongoDB, which indexes equality.

CREATE OR REPLACE FUNCTION amia_companion_index_for(index_oid oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  first_key text;
  table_oid oid;
  index_name text;
  companion text;
BEGIN
  SELECT i.indrelid, c.relname INTO table_oid, index_name
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
   WHERE i.indexrelid = index_oid AND am.amname = 'btree';
  IF table_oid IS NULL OR index_name LIKE '%\_gin' THEN RETURN; END IF;
  first_key := pg_get_indexdef(index_oid, 1, true);
  -- Only FerretDB's shape, `_jsonb -> 'field'`, and never `_id`.
  IF first_key !~ '^\(?_jsonb -> ''[^'']+''::text\)?$' OR first_key ~ '''_id''' THEN RETURN; END IF;
  companion := left(index_name, 59) || '_gin';
  IF EXISTS (SELECT 1 FROM pg_class WHERE relname = companion AND relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = table_oid)) THEN RETURN; END IF;
  EXECUTE format('CREATE INDEX %I ON %s USING gin ((%s) jsonb_path_ops)', companion, table_oid::regclass, first_key);
EXCEPTION WHEN others THEN
  RAISE WARNING 'amia companion index for % not made: %', index_oid, SQLERRM;
END;
$$;

CREATE OR REPLACE FUNCTION amia_companion_indexes_on_create() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  command record;
BEGIN
  FOR command IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE command_tag = 'CREATE INDEX' AND object_type = 'index' LOOP
    PERFORM amia_companion_index_for(command.objid);
  END LOOP;
END;
$$;

CREATE OR REPLACE FUNCTION amia_companion_index_backfill() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  index_oid oid;
  made integer := 0;
BEGIN
  FOR index_oid IN
    SELECT i.indexrelid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND c.relname NOT LIKE '%\_gin'
  LOOP
    PERFORM amia_companion_index_for(index_oid);
    made := made + 1;
  END LOOP;
  RETURN made;
END;
$$;

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_event_trigger WHERE evtname = 'amia_companion_indexes') THEN
    CREATE EVENT TRIGGER amia_companion_indexes ON ddl_command_end WHEN TAG IN ('CREATE INDEX')
      EXECUTE FUNCTION amia_companion_indexes_on_create();
  END IF;
END;
$$;

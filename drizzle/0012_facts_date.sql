-- The date of a place's facts (decision 0805): generated from its own columns, with the latest
-- confirmation kept on the row by the statement triggers below, whichever code path writes
-- location_verifications (the review desk, a restore, direct SQL).
ALTER TABLE "locations" ADD COLUMN "last_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "facts_at" timestamp with time zone GENERATED ALWAYS AS (greatest(case when "source_name" is null then "created_at" else "source_published_at" end, "last_verified_at")) STORED;--> statement-breakpoint
CREATE FUNCTION location_last_verified() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.location_id) INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.location_id) INTO ids FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT c.location_id) INTO ids
      FROM (SELECT n.location_id FROM new_rows n UNION SELECT o.location_id FROM old_rows o) c;
  END IF;
  -- Only rows whose latest confirmation moved: facts_at follows, and the search index with it.
  UPDATE locations l SET last_verified_at = m.at
    FROM (SELECT u.id, (SELECT max(v.at) FROM location_verifications v WHERE v.location_id = u.id) AS at
            FROM unnest(ids) AS u(id)) m
   WHERE l.id = m.id AND l.last_verified_at IS DISTINCT FROM m.at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER location_verifications_last_insert AFTER INSERT ON location_verifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION location_last_verified();
--> statement-breakpoint
CREATE TRIGGER location_verifications_last_update AFTER UPDATE ON location_verifications REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION location_last_verified();
--> statement-breakpoint
CREATE TRIGGER location_verifications_last_delete AFTER DELETE ON location_verifications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION location_last_verified();
--> statement-breakpoint
-- The search index also reads the attributes (facets), whether a point is approximate and facts_at
-- (the source's date and the confirmations: stale facts sort after fresh ones).
CREATE OR REPLACE FUNCTION search_index_note() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change_kind text := CASE WHEN TG_TABLE_NAME = 'location_open_intervals' THEN 'hours' ELSE 'place' END;
  ids integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- No rows to name: every index rebuilds.
    ids := ARRAY[0];
    change_kind := 'all';
  ELSIF TG_TABLE_NAME = 'locations' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(n.id) INTO ids FROM new_rows n;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(o.id) INTO ids FROM old_rows o;
    ELSE
      -- Only what the search reads: a view counted or a website edited changes no answer.
      SELECT array_agg(n.id) INTO ids FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE (o.name, o.category, o.latitude, o.longitude, o.hidden, o.search_vector, o.attributes,
              o.facts_at, o.point_approximate)
             IS DISTINCT FROM (n.name, n.category, n.latitude, n.longitude, n.hidden, n.search_vector, n.attributes,
              n.facts_at, n.point_approximate);
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.location_id) INTO ids FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.location_id) INTO ids FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT c.location_id) INTO ids
      FROM (SELECT n.location_id FROM new_rows n UNION SELECT o.location_id FROM old_rows o) c;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- One version per writing transaction: the first statement bumps it and holds the row until
  -- commit, so versions become visible in order (a reader that sees version v sees every change
  -- up to v); later statements of the same transaction reuse it.
  UPDATE search_index_state SET version = version + 1, xid = txid_current()
   WHERE id = 1 AND xid IS DISTINCT FROM txid_current();
  INSERT INTO search_changes (version, location_id, kind)
  SELECT s.version, u.id, change_kind FROM search_index_state s, unnest(ids) AS u(id) WHERE s.id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE locations l SET last_verified_at = v.at
  FROM (SELECT location_id, max(at) AS at FROM location_verifications GROUP BY location_id) v
 WHERE v.location_id = l.id;

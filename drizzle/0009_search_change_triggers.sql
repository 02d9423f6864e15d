-- The search index's change log (decision 0504): every write that can change a search answer
-- records the places it touched, whichever code path made it (the write path, reverts, imports,
-- the daily extension of the open intervals, direct SQL). Statement triggers with transition
-- tables, so a bulk statement costs one trigger call, not one per row.
INSERT INTO "search_index_state" ("id", "version", "xid") VALUES (1, 0, NULL);
--> statement-breakpoint
CREATE FUNCTION search_index_note() RETURNS trigger LANGUAGE plpgsql AS $$
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
       WHERE (o.name, o.category, o.latitude, o.longitude, o.hidden, o.search_vector)
             IS DISTINCT FROM (n.name, n.category, n.latitude, n.longitude, n.hidden, n.search_vector);
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
CREATE TRIGGER locations_search_insert AFTER INSERT ON locations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER locations_search_update AFTER UPDATE ON locations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER locations_search_delete AFTER DELETE ON locations REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER location_tags_search_insert AFTER INSERT ON location_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER location_tags_search_update AFTER UPDATE ON location_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER location_tags_search_delete AFTER DELETE ON location_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER location_open_intervals_search_insert AFTER INSERT ON location_open_intervals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER location_open_intervals_search_update AFTER UPDATE ON location_open_intervals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER location_open_intervals_search_delete AFTER DELETE ON location_open_intervals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER locations_search_truncate AFTER TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();
--> statement-breakpoint
CREATE TRIGGER location_tags_search_truncate AFTER TRUNCATE ON location_tags
  FOR EACH STATEMENT EXECUTE FUNCTION search_index_note();

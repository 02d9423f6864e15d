-- Facts a resident can act on (decisions 0803 and 0804): structured attributes, provenance and
-- approximate points. The tags that meant an attribute become it, and leave the tag vocabulary.
ALTER TABLE "locations" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "source_name" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "source_license" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "source_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "point_approximate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "locations_attributes_idx" ON "locations" USING gin ("attributes" jsonb_path_ops);--> statement-breakpoint
-- The search index also reads the attributes (facets), the source's date (old facts sort after
-- fresh ones) and whether a point is approximate.
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
              o.source_published_at, o.point_approximate)
             IS DISTINCT FROM (n.name, n.category, n.latitude, n.longitude, n.hidden, n.search_vector, n.attributes,
              n.source_published_at, n.point_approximate);
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
UPDATE locations l SET attributes = l.attributes || f.facts
  FROM (
    SELECT lt.location_id, jsonb_object_agg(m.key, m.value) AS facts
      FROM location_tags lt
      JOIN tags t ON t.id = lt.tag_id
      JOIN (VALUES
        ('snap-ebt', 'snap', 'true'::jsonb), ('wic', 'wic', 'true'::jsonb),
        ('double-up-food-bucks', 'doubleUp', 'true'::jsonb), ('free', 'free', 'true'::jsonb),
        ('wheelchair-accessible', 'wheelchair', '"yes"'::jsonb), ('restrooms', 'restroom', 'true'::jsonb),
        ('parking', 'parking', 'true'::jsonb), ('transit-accessible', 'busStop', 'true'::jsonb)
      ) AS m(tag, key, value) ON m.tag = lower(t.name)
     GROUP BY lt.location_id
  ) f
 WHERE f.location_id = l.id;
--> statement-breakpoint
DELETE FROM tags WHERE lower(name) IN
  ('snap-ebt', 'wic', 'double-up-food-bucks', 'free', 'wheelchair-accessible', 'restrooms', 'parking', 'transit-accessible');
--> statement-breakpoint
UPDATE locations l SET tag_text = coalesce(
  (SELECT string_agg(t.name, ' ' ORDER BY lower(t.name), t.id)
     FROM location_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.location_id = l.id AND t.status = 'accepted'), '')
 WHERE l.tag_text <> coalesce(
  (SELECT string_agg(t.name, ' ' ORDER BY lower(t.name), t.id)
     FROM location_tags lt JOIN tags t ON t.id = lt.tag_id WHERE lt.location_id = l.id AND t.status = 'accepted'), '');

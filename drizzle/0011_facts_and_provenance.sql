-- Facts a resident can act on (decisions 0803 and 0804): structured attributes, provenance and
-- approximate points. The tags that meant an attribute become it, and leave the tag vocabulary.
ALTER TABLE "locations" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "source_name" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "source_license" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "source_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "point_approximate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "locations_attributes_idx" ON "locations" USING gin ("attributes" jsonb_path_ops);--> statement-breakpoint
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

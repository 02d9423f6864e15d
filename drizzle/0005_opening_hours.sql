CREATE TABLE "location_open_intervals" (
	"location_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"verified_by" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "opening_hours" text;--> statement-breakpoint
ALTER TABLE "location_open_intervals" ADD CONSTRAINT "location_open_intervals_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_verifications" ADD CONSTRAINT "location_verifications_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_open_intervals_place_idx" ON "location_open_intervals" USING btree ("location_id","starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "location_open_intervals_range_idx" ON "location_open_intervals" USING gist (tstzrange("starts_at", "ends_at"));--> statement-breakpoint
CREATE INDEX "location_verifications_location_idx" ON "location_verifications" USING btree ("location_id","at");
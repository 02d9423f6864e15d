CREATE TABLE "location_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_confirmations" ADD CONSTRAINT "location_confirmations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_confirmations_location_idx" ON "location_confirmations" USING btree ("location_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "location_confirmations_once_a_day_idx" ON "location_confirmations" USING btree ("location_id","client_hash",(("at" at time zone 'UTC')::date));
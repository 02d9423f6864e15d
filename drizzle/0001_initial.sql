CREATE TABLE "admin_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flag_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer,
	"flag_type" text NOT NULL,
	"description" text,
	"screenshot" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"review_notes" text
);
--> statement-breakpoint
CREATE TABLE "geocode_cache" (
	"query" text PRIMARY KEY NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_engagement" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"click_count" integer DEFAULT 0 NOT NULL,
	"last_viewed" timestamp with time zone,
	"last_clicked" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_tags" (
	"location_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "location_tags_location_id_tag_id_pk" PRIMARY KEY("location_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"address" varchar(500),
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"website" text,
	"slug" text NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"unique_id" text DEFAULT '' NOT NULL,
	"phone" text,
	"operating_hours" text,
	"notion_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"deadline" timestamp with time zone,
	"registration_link" text,
	"faq_link" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"tag_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("name", '')), 'A') || setweight(to_tsvector('english', coalesce("tag_text", '')), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C') || setweight(to_tsvector('english', coalesce("address", '')), 'D')) STORED
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"session_id" text,
	"client_hash" text,
	"actor" text,
	"revert_of" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"category" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_cache" (
	"text_hash" text NOT NULL,
	"language" text NOT NULL,
	"translated" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translation_cache_text_hash_language_pk" PRIMARY KEY("text_hash","language")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "website_visitors" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"first_visit" timestamp with time zone DEFAULT now() NOT NULL,
	"last_visit" timestamp with time zone DEFAULT now() NOT NULL,
	"visit_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "website_visitors_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_reports" ADD CONSTRAINT "flag_reports_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_engagement" ADD CONSTRAINT "location_engagement_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_slugs" ADD CONSTRAINT "location_slugs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_tags" ADD CONSTRAINT "location_tags_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_tags" ADD CONSTRAINT "location_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_user_idx" ON "admin_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "flag_reports_location_status_idx" ON "flag_reports" USING btree ("location_id","status");--> statement-breakpoint
CREATE INDEX "flag_reports_status_idx" ON "flag_reports" USING btree ("status","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "location_engagement_location_session_idx" ON "location_engagement" USING btree ("location_id","session_id");--> statement-breakpoint
CREATE INDEX "location_slugs_location_idx" ON "location_slugs" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "location_tags_tag_idx" ON "location_tags" USING btree ("tag_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_slug_idx" ON "locations" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "locations_category_idx" ON "locations" USING btree ("category");--> statement-breakpoint
CREATE INDEX "locations_lat_lng_idx" ON "locations" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "locations_search_idx" ON "locations" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "locations_name_trgm_idx" ON "locations" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "revisions_entity_idx" ON "revisions" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "revisions_created_idx" ON "revisions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "revisions_session_idx" ON "revisions" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_lower_idx" ON "tags" USING btree (lower("name"));
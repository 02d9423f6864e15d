CREATE TABLE "contributor_standings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"standing" text NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"set_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"patch" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reasons" jsonb NOT NULL,
	"session_id" text,
	"client_hash" text,
	"network48" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"revision_id" integer
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "review" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "name_skeleton" text;--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "network48" text;--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "revisions" ADD COLUMN "reverted_by" integer;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "status" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contributor_standings_subject_idx" ON "contributor_standings" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "pending_changes_status_idx" ON "pending_changes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pending_changes_entity_idx" ON "pending_changes" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "pending_changes_client_idx" ON "pending_changes" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE INDEX "locations_name_skeleton_idx" ON "locations" USING btree ("name_skeleton");--> statement-breakpoint
CREATE INDEX "locations_review_idx" ON "locations" USING btree ("review") WHERE "locations"."review" <> 'accepted';--> statement-breakpoint
CREATE INDEX "revisions_client_idx" ON "revisions" USING btree ("client_hash","created_at");--> statement-breakpoint
CREATE INDEX "revisions_network48_idx" ON "revisions" USING btree ("network48","created_at");--> statement-breakpoint
CREATE INDEX "tags_status_idx" ON "tags" USING btree ("status");
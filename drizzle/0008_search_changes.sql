CREATE TABLE "search_changes" (
	"version" bigint NOT NULL,
	"location_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_index_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"xid" bigint
);
--> statement-breakpoint
CREATE INDEX "search_changes_version_idx" ON "search_changes" USING btree ("version");--> statement-breakpoint
CREATE INDEX "search_changes_at_idx" ON "search_changes" USING btree ("at");
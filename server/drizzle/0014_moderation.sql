CREATE TABLE "moderation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"profile_id" integer NOT NULL,
	"reporter_id" integer,
	"reason" text,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verification_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "refused_reason" text;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_items_open_idx" ON "moderation_items" USING btree ("status","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_one_open_report" ON "moderation_items" USING btree ("profile_id","reporter_id") WHERE "moderation_items"."kind" = 'report' and "moderation_items"."status" = 'open';
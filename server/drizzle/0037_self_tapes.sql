CREATE TABLE "self_tapes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"application_id" integer,
	"upload_id" text NOT NULL,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"file_type" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"failure" text,
	"duration_seconds" integer,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "casting_applications" ADD COLUMN "tape_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "casting_applications" ADD COLUMN "tape_request_note" text;--> statement-breakpoint
ALTER TABLE "casting_applications" ADD COLUMN "tape_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "casting_roles" ADD COLUMN "self_tape_max_seconds" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "self_tapes" ADD CONSTRAINT "self_tapes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tapes" ADD CONSTRAINT "self_tapes_role_id_casting_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."casting_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_tapes" ADD CONSTRAINT "self_tapes_application_id_casting_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."casting_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "self_tapes_upload_idx" ON "self_tapes" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "self_tapes_user_idx" ON "self_tapes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "self_tapes_application_idx" ON "self_tapes" USING btree ("application_id");
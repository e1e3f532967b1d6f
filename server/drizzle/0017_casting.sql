CREATE TABLE "call_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"reporter_id" integer,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casting_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reel" text,
	"self_tape_url" text,
	"callback_at" timestamp with time zone,
	"callback_place" text,
	"callback_answer" text,
	"poster_note" text DEFAULT '' NOT NULL,
	"viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applicant_name" text DEFAULT '' NOT NULL,
	"applicant_city" text DEFAULT '' NOT NULL,
	"applicant_languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applicant_verified" boolean DEFAULT false NOT NULL,
	"applicant_hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casting_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"poster_id" integer NOT NULL,
	"title" text NOT NULL,
	"project_type" text NOT NULL,
	"description" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"shoot_start" text,
	"shoot_end" text,
	"content_note" jsonb NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"unpublished_reason" text,
	"applicant_mail_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "casting_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"genders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"age_min" integer NOT NULL,
	"age_max" integer NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid" boolean NOT NULL,
	"pay_inr" integer DEFAULT 0 NOT NULL,
	"requires" jsonb NOT NULL,
	"self_tape_instructions" text DEFAULT '' NOT NULL,
	"openings" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"language_keys" jsonb GENERATED ALWAYS AS (lower(languages::text)::jsonb) STORED
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_calls" (
	"user_id" integer NOT NULL,
	"call_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_calls_user_id_call_id_pk" PRIMARY KEY("user_id","call_id")
);
--> statement-breakpoint
ALTER TABLE "call_reports" ADD CONSTRAINT "call_reports_call_id_casting_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."casting_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_reports" ADD CONSTRAINT "call_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_applications" ADD CONSTRAINT "casting_applications_call_id_casting_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."casting_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_applications" ADD CONSTRAINT "casting_applications_role_id_casting_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."casting_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_applications" ADD CONSTRAINT "casting_applications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_calls" ADD CONSTRAINT "casting_calls_poster_id_profiles_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casting_roles" ADD CONSTRAINT "casting_roles_call_id_casting_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."casting_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_calls" ADD CONSTRAINT "saved_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_calls" ADD CONSTRAINT "saved_calls_call_id_casting_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."casting_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_reports_open_idx" ON "call_reports" USING btree ("status","call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_reports_one_open" ON "call_reports" USING btree ("call_id","reporter_id") WHERE "call_reports"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "casting_applications_one_per_role" ON "casting_applications" USING btree ("role_id","profile_id");--> statement-breakpoint
CREATE INDEX "casting_applications_call_idx" ON "casting_applications" USING btree ("call_id","status");--> statement-breakpoint
CREATE INDEX "casting_applications_profile_idx" ON "casting_applications" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "casting_applications_role_created_idx" ON "casting_applications" USING btree ("role_id","created_at","id") WHERE not "casting_applications"."applicant_hidden";--> statement-breakpoint
CREATE INDEX "casting_applications_role_status_idx" ON "casting_applications" USING btree ("role_id","status","created_at","id") WHERE not "casting_applications"."applicant_hidden";--> statement-breakpoint
CREATE INDEX "casting_applications_role_name_idx" ON "casting_applications" USING btree ("role_id","applicant_name","id") WHERE not "casting_applications"."applicant_hidden";--> statement-breakpoint
CREATE INDEX "casting_calls_open_idx" ON "casting_calls" USING btree ("status","deadline");--> statement-breakpoint
CREATE INDEX "casting_calls_poster_idx" ON "casting_calls" USING btree ("poster_id","created_at");--> statement-breakpoint
CREATE INDEX "casting_roles_call_idx" ON "casting_roles" USING btree ("call_id","position");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");
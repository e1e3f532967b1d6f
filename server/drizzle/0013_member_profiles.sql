CREATE TABLE "profile_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" integer NOT NULL,
	"name" text NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"handle" text NOT NULL,
	"display_name" text NOT NULL,
	"category" text NOT NULL,
	"crafts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"playing_age_min" integer,
	"playing_age_max" integer,
	"gender" text,
	"height_cm" integer,
	"union_name" text DEFAULT '' NOT NULL,
	"union_number" text DEFAULT '' NOT NULL,
	"credits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"show" jsonb DEFAULT '{"phone":false,"email":false,"height":false,"age":false}'::jsonb NOT NULL,
	"date_of_birth" text,
	"guardian" jsonb,
	"minor" boolean DEFAULT false NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_reason" text,
	"hidden_by_staff_at" timestamp with time zone,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "profiles_handle_unique" UNIQUE("handle"),
	CONSTRAINT "profiles_kind_category" CHECK (("profiles"."kind" = 'person') = ("profiles"."category" = 'Artist'))
);
--> statement-breakpoint
ALTER TABLE "profile_photos" ADD CONSTRAINT "profile_photos_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_photos_profile_idx" ON "profile_photos" USING btree ("profile_id","sort_order");--> statement-breakpoint
CREATE INDEX "profiles_category_idx" ON "profiles" USING btree ("category","verified","updated_at");--> statement-breakpoint
CREATE INDEX "profiles_name_idx" ON "profiles" USING btree (lower("display_name"));
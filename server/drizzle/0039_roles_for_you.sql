CREATE TABLE "roles_told" (
	"user_id" integer NOT NULL,
	"call_id" integer NOT NULL,
	"told_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_told_user_id_call_id_pk" PRIMARY KEY("user_id","call_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filters" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "casting_calls" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roles_told" ADD CONSTRAINT "roles_told_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles_told" ADD CONSTRAINT "roles_told_call_id_casting_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."casting_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roles_told_user_idx" ON "roles_told" USING btree ("user_id","told_at");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");
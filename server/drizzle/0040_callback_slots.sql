CREATE TABLE "callback_offers" (
	"application_id" integer NOT NULL,
	"slot_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_offers_application_id_slot_id_pk" PRIMARY KEY("application_id","slot_id")
);
--> statement-breakpoint
CREATE TABLE "callback_requests" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "callback_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"place" text,
	"video_link" text,
	"contact" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "callback_offers" ADD CONSTRAINT "callback_offers_application_id_casting_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."casting_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_offers" ADD CONSTRAINT "callback_offers_slot_id_callback_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."callback_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_application_id_casting_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."casting_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_slots" ADD CONSTRAINT "callback_slots_call_id_casting_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."casting_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "callback_offers_one_confirmed" ON "callback_offers" USING btree ("slot_id") WHERE "callback_offers"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "callback_offers_slot_idx" ON "callback_offers" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "callback_slots_call_idx" ON "callback_slots" USING btree ("call_id","starts_at");
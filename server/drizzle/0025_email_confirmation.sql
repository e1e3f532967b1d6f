CREATE TABLE "conversation_mails" (
	"conversation_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"next_mail_at" timestamp with time zone NOT NULL,
	"pending_mail_id" integer,
	"pending_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_mails_conversation_id_recipient_id_pk" PRIMARY KEY("conversation_id","recipient_id")
);
--> statement-breakpoint
CREATE TABLE "email_confirmation_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "email_confirmation_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sent_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"sender_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_mails" ADD CONSTRAINT "conversation_mails_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_mails" ADD CONSTRAINT "conversation_mails_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_mails" ADD CONSTRAINT "conversation_mails_pending_mail_id_mail_outbox_id_fk" FOREIGN KEY ("pending_mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD CONSTRAINT "email_confirmation_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD CONSTRAINT "sent_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_confirmation_tokens_user_idx" ON "email_confirmation_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sent_messages_sender_idx" ON "sent_messages" USING btree ("sender_id","sent_at");--> statement-breakpoint
-- hand-written: accounts made before emails were confirmed count as confirmed.
UPDATE "users" SET "email_confirmed_at" = "created_at" WHERE "email_confirmed_at" IS NULL;

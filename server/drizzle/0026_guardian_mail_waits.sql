ALTER TABLE "guardian_consents" ALTER COLUMN "mailed_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "guardian_consents" ALTER COLUMN "mailed_at" DROP NOT NULL;
CREATE TABLE "share_cards" (
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"language" text NOT NULL,
	"name" text NOT NULL,
	"source_hash" text NOT NULL,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_cards_subject_subject_id_language_pk" PRIMARY KEY("subject","subject_id","language"),
	CONSTRAINT "share_cards_name_unique" UNIQUE("name")
);

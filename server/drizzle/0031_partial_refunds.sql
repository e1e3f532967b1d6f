CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id","at");--> statement-breakpoint
-- hand-written:
INSERT INTO "order_refunds" ("order_id", "amount", "reference", "note", "at")
SELECT "orders"."id", "orders"."refund_amount", "orders"."refund_reference", "refunded"."note", COALESCE("refunded"."at", now())
FROM "orders"
LEFT JOIN LATERAL (
  SELECT "order_events"."note", "order_events"."at" FROM "order_events"
  WHERE "order_events"."order_id" = "orders"."id" AND "order_events"."status" = 'refunded'
  ORDER BY "order_events"."at" DESC LIMIT 1
) AS "refunded" ON true
WHERE "orders"."refund_amount" IS NOT NULL AND "orders"."refund_reference" IS NOT NULL;

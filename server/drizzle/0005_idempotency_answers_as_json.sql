ALTER TABLE "idempotency_keys" ALTER COLUMN "response" SET DATA TYPE json USING "response"::json;

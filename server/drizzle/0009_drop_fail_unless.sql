-- The cart batch statements that used it are gone (one idempotency path, issue 26).
DROP FUNCTION IF EXISTS "fail_unless"(boolean, text);

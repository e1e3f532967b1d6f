-- Fails the statement, and the transaction with it, when `condition` is not true: the cart's batched writes run in
-- one exchange with the database when nothing in them is refused, and otherwise again with a look at each request.
CREATE FUNCTION "fail_unless"("condition" boolean, "reason" text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF "condition" IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'CV001', MESSAGE = "reason";
  END IF;
  RETURN TRUE;
END
$$;

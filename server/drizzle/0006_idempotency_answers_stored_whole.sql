-- A stored answer (a cart, 2-3 kB) stays in its row uncompressed up to a whole page: compressing each one cost more
-- than the rest of storing it. A larger answer is still compressed and moved out of the row as before.
ALTER TABLE "idempotency_keys" SET (toast_tuple_target = 8160);

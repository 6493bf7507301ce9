-- A comped line (赠送) holds no money (issue 24): like a voided one, the order's totals drop by its
-- amount when it is comped, so every reader of an order's total (the order page, /pay, the bill, the
-- discount pipeline, reports) charges nothing for it. The orders comped before this migration get the
-- same drop once here; the floor shows the comped lines' sum beside what was ordered.
UPDATE "orders" o
SET "total_price" = round(o."total_price" - c.total, 2),
  "vip_total_price" = round(o."vip_total_price" - c.vip_total, 2)
FROM (
  SELECT "order_id", sum("total") AS total, sum("vip_total") AS vip_total
  FROM "order_lines"
  WHERE "comped_at" IS NOT NULL AND "voided_at" IS NULL
  GROUP BY "order_id"
) c
WHERE c."order_id" = o."id";

import type { OpVerdict } from "@tablemate/core";
import { AppError, type OrderPayload, type TableOp } from "@tablemate/core";
import { and, eq, isNull } from "drizzle-orm";
import { carts, restaurants, tables, visits } from "../../db/schema.js";
import { operate } from "../cart/operate.js";
import { type SubmitDeps, submitOrder } from "../order/submit.js";
import { openOrderOfVisit } from "../order/submit-statements.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffPrincipal } from "../staff/guard.js";
import { openVisit } from "../visit/visits.js";
import { seatStaff } from "./actions.js";
import { staffSeatGuid } from "./present.js";

/**
 * The shared cart of a table's open visit (opened now if no party sits there yet), with the waiter
 * seated at the visit, so the cart's own rules see them as a tablemate. Quick-service tables have no
 * shared cart (409).
 */
async function sharedCartFor(deps: SubmitDeps, by: StaffPrincipal, restaurantId: number, tableId: number) {
  const [row] = await deps.db
    .select({ table: tables, fastHotel: restaurants.fastHotel })
    .from(tables)
    .innerJoin(restaurants, eq(restaurants.id, tables.restaurantId))
    .where(and(eq(tables.id, tableId), eq(tables.restaurantId, restaurantId)));
  if (!row) throw new AppError("tableNotFound");
  if (row.fastHotel) throw new AppError("noSharedCart");
  const visitId = await openVisit(deps.db, row.table);
  await deps.db.transaction((tx) => seatStaff(tx, visitId, tableId, by));
  await deps.db.insert(carts).values({ restaurantId, tableId, visitId, ownerGuid: "" }).onConflictDoNothing();
  const [cart] = await deps.db
    .select()
    .from(carts)
    .innerJoin(visits, eq(visits.id, carts.visitId))
    .where(and(eq(carts.visitId, visitId), eq(carts.ownerGuid, ""), isNull(visits.endedAt)));
  if (!cart) throw new AppError("visitEnded");
  return { cartId: cart.carts.id, visitId, table: row.table };
}

/**
 * A waiter's operation on the table's shared cart: the very path a diner's takes (operate: core's
 * applyTableOp, compare-and-set on the cart's version, the op id applied once, the tablemates told
 * after the commit), with the waiter as the actor. An applied operation is audited just after its
 * commit (the cart's write is the hot path's one statement, which the audit entry cannot join); a
 * replayed or refused one changed nothing and is not.
 */
export async function staffCartOp(
  deps: SubmitDeps,
  by: StaffPrincipal,
  restaurantId: number,
  tableId: number,
  body: { opId: string; op: TableOp },
): Promise<{ verdict: OpVerdict; cartId: number }> {
  const { cartId } = await sharedCartFor(deps, by, restaurantId, tableId);
  const outcome = await operate(deps, {
    cartId,
    guid: staffSeatGuid(by.actor),
    opId: body.opId,
    op: body.op,
    accessType: "realTable",
  });
  if (outcome.message) {
    const { version } = outcome.verdict;
    await deps.db.transaction((tx) =>
      recordAudit(tx, {
        restaurantId,
        by,
        action: "cart.op",
        target: `cart:${cartId}`,
        before: { version: version - 1 },
        after: { version, op: body.op, opId: body.opId },
      }),
    );
  }
  return { verdict: outcome.verdict, cartId };
}

/**
 * A waiter submits the table's shared cart: the diners' submit, with the waiter as the submitter; an
 * order the visit already has open is the one it adds to (加菜). Audited.
 */
export async function staffSubmit(
  deps: SubmitDeps,
  by: StaffPrincipal,
  restaurantId: number,
  tableId: number,
  body: { submitId: string; wholeMemo: string; personNum?: number },
): Promise<{ orderId: number }> {
  const { cartId, visitId, table } = await sharedCartFor(deps, by, restaurantId, tableId);
  const guid = staffSeatGuid(by.actor);
  const main = await openOrderOfVisit(deps.db, visitId);
  const payload: OrderPayload = {
    submitId: body.submitId,
    restaurantId,
    fastFood: false,
    realTableId: tableId,
    realTableName: table.name,
    cartId,
    cartIdSign: deps.signer.cartSign(cartId),
    channelName: "console",
    faultChannel: false,
    faultCart: false,
    paymentType: 0,
    wholeMemo: { guid, memo: body.wholeMemo },
    orderUsers: [],
    personNum: body.personNum ?? table.personNum,
    foods: [],
    foodTakingMode: 0,
    newVersion: true,
    userId: guid,
    openId: "",
    mainOrderId: main?.id,
    invoiceTitle: "",
    kitchenAllergens: [],
  };
  const { result } = await submitOrder(deps, payload, guid);
  await deps.db.transaction((tx) =>
    recordAudit(tx, {
      restaurantId,
      by,
      action: "order.submitForTable",
      target: `order:${result.orderId}`,
      before: null,
      after: { orderId: result.orderId, tableId, submitId: body.submitId },
    }),
  );
  return { orderId: result.orderId };
}

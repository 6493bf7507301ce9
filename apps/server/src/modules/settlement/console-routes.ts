import {
  API,
  AppError,
  consoleIntentParamSchema,
  consolePaymentsQuerySchema,
  consoleRefundRequestSchema,
  consoleRidParamSchema,
  consoleTradeParamSchema,
  sandboxSwitchesSchema,
} from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { payAttempts } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { parse } from "../../http/parse.js";
import type { VerifyApproval } from "../floor/approvals.js";
import { consolePayments, moneyIssues } from "../payment/console.js";
import type { PaymentDeps } from "../payment/deps.js";
import { getSandboxSwitches, setSandboxSwitches } from "../payment/providers/sandbox/switches.js";
import { requery } from "../payment/reconcile.js";
import { recordAudit } from "../staff/audit.js";
import type { StaffGuard } from "../staff/guard.js";
import { refundByStaff } from "./staff-refund.js";

/** The console's payment calls (issue 18), each asking the guard first. */
export function paymentConsoleRoutes(
  app: FastifyInstance,
  deps: PaymentDeps & { verifyApproval: VerifyApproval },
  guard: StaffGuard,
): void {
  app.get(API.consolePayments(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const query = parse(consolePaymentsQuerySchema, request.query);
    await guard.require(request, rid, "payments.read");
    return ok(await consolePayments(deps.db, rid, query));
  });

  app.get(API.consoleMoneyIssues(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    await guard.require(request, rid, "payments.read");
    return ok(await moneyIssues(deps.db, rid, deps.now()));
  });

  app.post(API.consoleRefund(":rid", ":intentId"), async (request) => {
    const { rid, intentId } = parse(consoleIntentParamSchema, request.params);
    const body = parse(consoleRefundRequestSchema, request.body);
    const by = await guard.require(request, rid, "payments.refund");
    return ok(await refundByStaff(deps, by, rid, intentId, body));
  });

  app.get(API.consoleSandbox(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    await guard.require(request, rid, "payments.read");
    return ok(await getSandboxSwitches(deps.db, rid));
  });

  /** The sandbox's switches, for tests and staff training: audited like any setting. */
  app.put(API.consoleSandbox(":rid"), async (request) => {
    const { rid } = parse(consoleRidParamSchema, request.params);
    const switches = parse(sandboxSwitchesSchema, request.body);
    const by = await guard.require(request, rid, "settings.write");
    const before = await getSandboxSwitches(deps.db, rid);
    const after = await deps.db.transaction(async (tx) => {
      const stored = await setSandboxSwitches(tx, rid, switches);
      await recordAudit(tx, {
        restaurantId: rid,
        by,
        action: "payment.sandbox",
        target: `restaurant:${rid}`,
        before,
        after: stored,
      });
      return stored;
    });
    return ok(after);
  });

  app.post(API.consoleRequery(":rid", ":tradeNo"), async (request) => {
    const { rid, tradeNo } = parse(consoleTradeParamSchema, request.params);
    await guard.require(request, rid, "payments.refund");
    const [attempt] = await deps.db
      .select({ id: payAttempts.id })
      .from(payAttempts)
      .where(and(eq(payAttempts.tradeNo, tradeNo), eq(payAttempts.restaurantId, rid)));
    if (!attempt) throw new AppError("notFound", "支付记录不存在");
    return ok({ status: await requery(deps, tradeNo) });
  });
}

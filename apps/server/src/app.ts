import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import type { Database } from "./db/client.js";
import type { BaseDeps, RefundingDeps } from "./deps.js";
import { registerErrorHandler, sendError } from "./http/errors.js";
import { registerRateLimits } from "./http/rate-limits.js";
import { registerRequestGuards } from "./http/request-guards.js";
import { linkOrigin } from "./link-origin.js";
import { loggerOptions, OneLinePerRequest } from "./logging.js";
import { allergenRoutes } from "./modules/allergens/routes.js";
import { cartRoutes } from "./modules/cart/routes.js";
import type { VerifyApproval } from "./modules/floor/approvals.js";
import { floorRoutes } from "./modules/floor/routes.js";
import { REDIS_DOWN } from "./modules/health/readiness.js";
import { healthRoutes } from "./modules/health/routes.js";
import { kitchenRoutes } from "./modules/kitchen/routes.js";
import { rechargeRoutes } from "./modules/member/recharge-routes.js";
import { memberRoutes } from "./modules/member/routes.js";
import { type MemberStorePlugins, memberStores } from "./modules/member/stores.js";
import { memberAdminRoutes } from "./modules/member-admin/routes.js";
import { menuRoutes } from "./modules/menu/routes.js";
import { menuAdminRoutes } from "./modules/menu-admin/routes.js";
import { moduleViewRoutes } from "./modules/module-views/routes.js";
import { orderRoutes } from "./modules/order/routes.js";
import type { PaymentDeps } from "./modules/payment/deps.js";
import { effectsSettled } from "./modules/payment/effects.js";
import { createAlipayProvider } from "./modules/payment/providers/alipay/index.js";
import { createSandboxProvider } from "./modules/payment/providers/sandbox/provider.js";
import { sandboxRoutes } from "./modules/payment/providers/sandbox/routes.js";
import { sandboxSecrets } from "./modules/payment/providers/sandbox/secrets.js";
import { createWechatProvider } from "./modules/payment/providers/wechat/index.js";
import { checkMerchants, type ProviderFactories, providerRegistry } from "./modules/payment/providers.js";
import { startReconciler } from "./modules/payment/reconcile.js";
import { sendRefunds } from "./modules/payment/refunds.js";
import { paymentRoutes } from "./modules/payment/routes.js";
import { printRoutes } from "./modules/print/routes.js";
import { startPrintQueue } from "./modules/print/run.js";
import { noVirtualPrinters, type VirtualPrinters } from "./modules/print/virtual.js";
import { reportRoutes } from "./modules/reports/routes.js";
import { restaurantRoutes } from "./modules/restaurant/routes.js";
import { paymentConsoleRoutes } from "./modules/settlement/console-routes.js";
import { paymentHooks } from "./modules/settlement/hooks.js";
import { payView } from "./modules/settlement/present.js";
import { settlementRoutes } from "./modules/settlement/routes.js";
import { adminRoutes } from "./modules/staff/admin-routes.js";
import { verifyApproval } from "./modules/staff/approval.js";
import { accountGuard, type StaffGuard } from "./modules/staff/guard.js";
import { staffRoutes } from "./modules/staff/routes.js";
import { sessionRoutes } from "./modules/staff/session-routes.js";
import { stockRoutes } from "./modules/stock/routes.js";
import { liftDueSnoozes, startSnoozeLifts } from "./modules/stock/snooze-lifts.js";
import { tableAdminRoutes } from "./modules/table/admin-routes.js";
import { tableRoutes } from "./modules/table/routes.js";
import { userRoutes } from "./modules/user/routes.js";
import { configuredSmsSender } from "./modules/verification/configured-sms.js";
import { createPhoneCodes } from "./modules/verification/phone-codes.js";
import { startPruning } from "./modules/verification/prune.js";
import { verificationRoutes } from "./modules/verification/routes.js";
import type { SmsSender } from "./modules/verification/sms.js";
import { CatchUp } from "./realtime/catch-up.js";
import { consoleSocketRoutes } from "./realtime/console-socket.js";
import { type Backplane, memoryBackplane } from "./realtime/hub.js";
import { MAX_MESSAGE_BYTES, socketRoutes } from "./realtime/socket.js";
import { createSealer } from "./security/sealed.js";
import { createSigner, type Signer } from "./security/signer.js";
import { appShell } from "./web/app-shell.js";
import { consoleShell } from "./web/console-shell.js";
import { imageRoutes } from "./web/images.js";

export interface AppDeps {
  config: Config;
  database: Database;
  secret: string;
  backplane?: Backplane;
  /** the clock sale periods are judged by; tests pin it */
  now?: () => Date;
  /** delivers phone verification codes; by default they are logged (no SMS gateway) */
  smsSender?: SmsSender;
  /** the payment providers (tests give fakes); by default the built-in sandbox (WeChat Pay and Alipay
   * for restaurants that configure a merchant) */
  paymentProviders?: ProviderFactories;
  /** the member stores of restaurants whose member system is an external CRM (the rest: the built-in one) */
  memberStores?: MemberStorePlugins;
  /** how often a console socket's session is checked again (tests shorten it) */
  consoleRecheckMs?: number;
  /** the embedded demo's virtual printers (their paper, for the console's strips) */
  virtualPrinters?: VirtualPrinters;
}

export interface App {
  server: FastifyInstance;
  signer: Signer;
  /** the one guard every staff route and socket topic asks */
  staffGuard: StaffGuard;
  /** every route as registered (method, URL pattern): the staff matrix test checks each has a row */
  routes: ReadonlyArray<{ method: string; url: string }>;
  /** the payment service; tests run its reconciliation with their clock */
  payments: PaymentDeps;
  /** lifts the snoozes due now and announces them (the poll's step; tests call it with their clock) */
  liftSnoozes: () => Promise<number>;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const { db } = database;
  const signer = createSigner(deps.secret);
  const backplane = deps.backplane ?? memoryBackplane();
  const server = Fastify({
    logger: loggerOptions(config),
    logController: new OneLinePerRequest(),
    // behind a trusted proxy: the client's address from X-Forwarded-For, https from X-Forwarded-Proto
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    // errors before routing (a path that is not valid percent-encoding) answer the envelope too
    frameworkErrors: sendError,
  });

  const routes: Array<{ method: string; url: string }> = [];
  server.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  registerErrorHandler(server);
  registerRequestGuards(server, config);
  // menus and the app's scripts are text: compressed they cross a phone's network several times faster
  await server.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    // quality 4 keeps most of brotli's gain at a fraction of the default's (11) CPU per response
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await server.register(fastifyCookie);
  await server.register(fastifyFormbody);
  // a frame over the message limit closes the socket (1009) at its header, never buffered (ws's default: 100 MiB)
  await server.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  await registerRateLimits(server, signer, {
    perVisitor: config.RATE_LIMIT_PER_MINUTE,
    perAddress: config.RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
  });

  userRoutes(server, db, signer);
  const now = deps.now ?? (() => new Date());
  const baseDeps: BaseDeps = { db, backplane, now };
  // the built-in sandbox gateway: the default provider, with its hosted checkout on this server
  const sandbox = createSandboxProvider({
    db,
    now,
    secrets: sandboxSecrets(config),
    checkoutOrigin: () => linkOrigin(config).server,
    log: server.log,
  });
  const factories = deps.paymentProviders ?? {
    sandbox,
    wechat: createWechatProvider,
    alipay: createAlipayProvider,
  };
  await checkMerchants(db, factories, server.log);
  const payments: PaymentDeps = {
    ...baseDeps,
    providers: providerRegistry(db, factories, server.log),
    origin: () => linkOrigin(config).server,
    log: server.log,
    // how the money machine reaches what paying means, after a paid word's commit and in reconciliation
    hooks: paymentHooks,
  };
  // a cancel's or comp's refunds, recorded in its transaction, go to their provider after commit
  const refunding: RefundingDeps = { ...baseDeps, sendRefunds: (refunds) => sendRefunds(payments, refunds) };
  restaurantRoutes(server, db);
  tableRoutes(server, baseDeps, signer);
  allergenRoutes(server, db, signer);
  moduleViewRoutes(server, db, signer, now);
  cartRoutes(server, baseDeps, signer);
  const sender = deps.smsSender ?? configuredSmsSender(config, server.log);
  const phoneCodes = createPhoneCodes({ db, now, secret: deps.secret, sender });
  verificationRoutes(server, db, phoneCodes);
  memberRoutes(server, {
    db,
    signer,
    now,
    codes: phoneCodes,
    stores: memberStores(db, deps.memberStores),
  });
  orderRoutes(server, { ...refunding, signer, phoneCodes });
  const staffDeps = { db, now, passwordCost: config.PASSWORD_COST };
  const staffGuard = accountGuard(staffDeps);
  const approve: VerifyApproval = (database, rid, approval) => verifyApproval(database, rid, approval, now);
  sessionRoutes(server, staffDeps);
  staffRoutes(server, baseDeps, staffGuard);
  adminRoutes(server, staffDeps, staffGuard);
  stockRoutes(server, baseDeps, staffGuard);
  const linkBase = () => ({ origin: linkOrigin(config).url, routerPrefix: config.ROUTER_PREFIX });
  tableAdminRoutes(server, { db, signer, now, linkBase }, staffGuard);
  reportRoutes(server, { db, now }, staffGuard);
  healthRoutes(server, { database, backplane, config, now }, staffGuard);
  kitchenRoutes(server, baseDeps, staffGuard);
  floorRoutes(server, {
    ...refunding,
    signer,
    phoneCodes,
    guard: staffGuard,
    verifyApproval: approve,
  });
  paymentRoutes(server, payments);
  settlementRoutes(server, payments, signer);
  rechargeRoutes(server, payments, signer);
  sandboxRoutes(server, sandbox);
  paymentConsoleRoutes(server, { ...payments, verifyApproval: approve }, staffGuard);
  memberAdminRoutes(server, { db, now, verifyApproval: approve }, staffGuard);
  const stopReconciler = startReconciler(payments, config.PAY_RECONCILE_MS);
  // printing (issue 27): the machine's clock, whatever clock orders are judged by (failover is real time)
  const sealer = createSealer(deps.secret, "printer-secrets");
  printRoutes(
    server,
    {
      db,
      now,
      sealer,
      virtualPrinters: deps.virtualPrinters ?? noVirtualPrinters,
      feieyunPublicKey: config.FEIEYUN_CALLBACK_PUBLIC_KEY,
    },
    staffGuard,
  );
  const stopPrinting = startPrintQueue(
    {
      db,
      now: () => new Date(),
      failoverMs: config.PRINT_FAILOVER_S * 1000,
      links: {
        feieyunUrl: config.FEIEYUN_API_URL,
        feieyunBackUrl: config.FEIEYUN_CALLBACK_PUBLIC_KEY ? config.FEIEYUN_CALLBACK_URL : undefined,
        yilianyunUrl: config.YILIANYUN_API_URL,
        timeoutMs: config.PRINT_TIMEOUT_MS,
        sealer,
        now: () => new Date(),
      },
      log: server.log,
    },
    config.PRINT_POLL_MS,
  );
  const menuContext = { db, now, imageHost: config.IMAGE_HOST };
  menuRoutes(server, menuContext);
  await menuAdminRoutes(server, { db, imageHost: config.IMAGE_HOST, dataDir: config.DATA_DIR }, staffGuard);
  imageRoutes(server, config.DATA_DIR);
  const catchUp = new CatchUp();
  const tableSockets = socketRoutes(server, { db, signer, backplane, now, catchUp });
  consoleSocketRoutes(server, { guard: staffGuard, backplane, recheckMs: deps.consoleRecheckMs, catchUp });
  // Redis down: live news reaches this process's sockets only; back: every socket catches up
  backplane.onLinkChange?.((up, detail) => {
    if (!up) server.log.warn({ detail }, REDIS_DOWN);
    else
      server.log.info({ sockets: catchUp.all() }, "Redis is back: every open socket reads its state again");
  });
  await consoleShell(server, config);
  await appShell(server, menuContext, config, signer, (rid, orderId, guid) =>
    payView(db, payments.providers, orderId, rid, guid, now()),
  );

  const stopPruning = startPruning({ db, now }, config.PRUNE_MS, (error) =>
    server.log.error({ err: error }, "pruning phone codes and attempts failed"),
  );
  const stopLifts = startSnoozeLifts(baseDeps, config.SNOOZE_POLL_MS, (error) =>
    server.log.error({ err: error }, "snooze lift poll failed"),
  );
  // a clean stop (the server closed: no new request or socket): the jobs' passes running now end and
  // release their claims (another process takes reconciliation over at once), sockets' operations and
  // payment effects under way finish, and only then the backplane goes
  server.addHook("onClose", async () => {
    sandbox.stop();
    await Promise.all([stopLifts(), stopPruning(), stopReconciler(), stopPrinting(), tableSockets.idle()]);
    await effectsSettled(payments);
    await backplane.close();
  });
  return { server, signer, staffGuard, routes, payments, liftSnoozes: () => liftDueSnoozes(baseDeps) };
}

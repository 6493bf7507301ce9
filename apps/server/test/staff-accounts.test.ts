import { API, type ApiKeyView, type AuditPage, type StaffMember, type StaffSession } from "@tablemate/core";
import { asc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, restaurants, staffAccounts, staffSessions } from "../src/db/schema.js";
import { verifyApproval } from "../src/modules/staff/approval.js";
import { recordAudit } from "../src/modules/staff/audit.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { signIn, staffActor, staffHeaders, testStaff } from "./support/staff.js";

/**
 * Staff accounts from the outside: sign-in and its limits, sessions that end (logout, password
 * change, expiry, disable), the PIN switch, API keys, approvals, and the audit trail of each change.
 */
describe.each(BACKENDS)("staff accounts on %s", (backend) => {
  let app: TestApp;
  let rid: number;
  let other: number;
  /** the server's clock runs this far ahead of the machine's (sessions expiring, locks lifting) */
  let shift = 0;
  let addresses = 0;
  /** each test that counts failures comes from an address of its own */
  const freshAddress = () => `10.1.0.${++addresses}`;

  beforeAll(async () => {
    app = await startTestApp(backend, { now: () => new Date(Date.now() + shift) });
    const all = await app.db.select().from(restaurants).orderBy(asc(restaurants.id));
    rid = all[0]?.id ?? 0;
    other = all[1]?.id ?? 0;
  });
  afterAll(() => app.close());

  const call = (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    headers: Record<string, string> = {},
    payload?: object,
    remoteAddress?: string,
  ): Promise<LightMyRequestResponse> => app.server.inject({ method, url, headers, payload, remoteAddress });

  const signInAnswer = (login: string, password: string, remoteAddress = "127.0.0.1") =>
    call("POST", API.consoleSession, {}, { login, password }, remoteAddress);

  const auditCount = async () => (await app.db.select().from(auditLog)).length;

  /** Adds a staff member as the restaurant's owner; their login. */
  async function addStaff(
    role: string,
    extra: { pin?: string; at?: number; as?: Record<string, string> } = {},
  ): Promise<{ login: string; password: string; pin: string; id: number }> {
    const n = ++addresses;
    const member = {
      login: `m${n}-${backend}`,
      name: `员工${n}`,
      role,
      password: `password-${n}`,
      pin: extra.pin ?? String(100000 + n),
    };
    const at = extra.at ?? rid;
    const answer = await call(
      "POST",
      API.staffAccounts(at),
      extra.as ?? (await staffHeaders(app, at)),
      member,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return { ...member, id: (json(answer).data as StaffMember).accountId };
  }

  it("signs in with the login in any case, sets the cookie, and answers who is signed in", async () => {
    const staff = testStaff(rid, "owner");
    await staffHeaders(app, rid);
    const answer = await signInAnswer(staff.login.toUpperCase(), staff.password);
    expect(answer.statusCode).toBe(200);
    const view = json(answer).data as StaffSession;
    expect(view.account.login).toBe(staff.login);
    expect(view.restaurants).toEqual([expect.objectContaining({ id: rid, role: "owner" })]);
    const cookie = answer.cookies.find((c) => c.name === "tm_staff");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/console", maxAge: 43200 });
    expect(cookie?.secure).toBeFalsy();
    const me = await call("GET", API.consoleSession, { cookie: `tm_staff=${cookie?.value}` });
    expect(json(me).data).toEqual(view);
    // only the token's hash is stored
    const sessions = await app.db.select().from(staffSessions);
    expect(sessions.some((s) => s.tokenHash === cookie?.value)).toBe(false);
  });

  it("refuses an unknown login and a wrong password alike (401 账号或密码错误), and a missing session (401)", async () => {
    const address = freshAddress();
    const unknown = await signInAnswer("nobody-here", "whatever-123", address);
    const wrong = await signInAnswer(testStaff(rid, "owner").login, "wrong-password", address);
    for (const answer of [unknown, wrong]) {
      expect(answer.statusCode).toBe(401);
      expect(json(answer)).toMatchObject({ code: 4011, message: "账号或密码错误" });
      expect(answer.cookies).toHaveLength(0);
    }
    const me = await call("GET", API.consoleSession);
    expect(json(me)).toMatchObject({ code: 401, message: "请先登录" });
    expect((await call("POST", API.consoleSession, {}, { login: "x" })).statusCode).toBe(400);
  });

  it("locks an account after 5 failures for 15 minutes, the right password included (429)", async () => {
    const member = await addStaff("waiter");
    for (let i = 0; i < 5; i++)
      expect((await signInAnswer(member.login, "wrong-wrong", freshAddress())).statusCode).toBe(401);
    const locked = await signInAnswer(member.login, member.password, freshAddress());
    expect(locked.statusCode).toBe(429);
    expect(json(locked)).toMatchObject({ code: 4291 });
    // the lock is the account's, whatever its login's case
    expect((await signInAnswer(member.login.toUpperCase(), member.password, freshAddress())).statusCode).toBe(
      429,
    );
    shift += 15 * 60_000 + 1000;
    expect((await signInAnswer(member.login, member.password, freshAddress())).statusCode).toBe(200);
  });

  it("limits an address to 20 failures in 15 minutes across accounts; another address is unaffected", async () => {
    const member = await addStaff("cashier");
    const address = freshAddress();
    for (let i = 0; i < 20; i++)
      expect((await signInAnswer(`guess-${i}`, "wrong-wrong", address)).statusCode).toBe(401);
    expect((await signInAnswer(member.login, member.password, address)).statusCode).toBe(429);
    expect((await signInAnswer(member.login, member.password, freshAddress())).statusCode).toBe(200);
  });

  it("holds the limit under concurrent attempts: of 12 wrong passwords at once, at most 5 are checked", async () => {
    const member = await addStaff("kitchen");
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signInAnswer(member.login, "wrong-wrong", freshAddress())),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(7);
    expect((await signInAnswer(member.login, member.password, freshAddress())).statusCode).toBe(429);
  });

  it("ends the session at logout: the old cookie is refused (401)", async () => {
    const member = await addStaff("waiter");
    const headers = await signIn(app, member.login, member.password);
    expect((await call("GET", API.staffOrders(rid), headers)).statusCode).toBe(200);
    const out = await call("DELETE", API.consoleSession, headers);
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === "tm_staff")?.value).toBe("");
    expect((await call("GET", API.staffOrders(rid), headers)).statusCode).toBe(401);
    expect((await call("GET", API.consoleSession, headers)).statusCode).toBe(401);
  });

  it("ends every other session of the account at a password change, keeping this one", async () => {
    const member = await addStaff("cashier");
    const tablet = await signIn(app, member.login, member.password);
    const phone = await signIn(app, member.login, member.password);
    const wrong = await call(
      "POST",
      API.consoleSessionPassword,
      tablet,
      { currentPassword: "not-it-at-all", newPassword: "new-password-1" },
      freshAddress(),
    );
    expect(json(wrong)).toMatchObject({ code: 4033 });
    const before = await auditCount();
    const changed = await call("POST", API.consoleSessionPassword, tablet, {
      currentPassword: member.password,
      newPassword: "new-password-1",
    });
    expect(changed.statusCode).toBe(200);
    expect((await call("GET", API.consoleSession, phone)).statusCode).toBe(401);
    expect((await call("GET", API.consoleSession, tablet)).statusCode).toBe(200);
    expect((await signInAnswer(member.login, member.password, freshAddress())).statusCode).toBe(401);
    expect((await signInAnswer(member.login, "new-password-1")).statusCode).toBe(200);
    const [entry] = await app.db.select().from(auditLog).orderBy(asc(auditLog.id)).offset(before);
    expect(entry).toMatchObject({ action: "staff.password.change", target: `staff:${member.id}` });
    expect(JSON.stringify(entry)).not.toContain("new-password-1");
  });

  it("switches the tablet to another staff member by PIN, for that restaurant only; wrong PINs are limited", async () => {
    const waiter = await addStaff("waiter", { pin: "4321" });
    const manager = await addStaff("manager", { pin: "8765" });
    const tablet = await signIn(app, waiter.login, waiter.password);
    const address = freshAddress();
    const pin = (headers: Record<string, string>, value: string, restaurantId = rid) =>
      call("POST", API.consoleSessionPin, headers, { restaurantId, pin: value }, address);
    expect(json(await pin(tablet, "0000"))).toMatchObject({ code: 4012, message: "PIN 码错误" });
    // a restaurant the device's staff does not work at
    expect((await pin(tablet, "8765", other)).statusCode).toBe(403);
    const switched = await pin(tablet, "8765");
    expect(switched.statusCode).toBe(200);
    const view = json(switched).data as StaffSession;
    expect(view.account.id).toBe(manager.id);
    expect(view.restaurants).toEqual([expect.objectContaining({ id: rid, role: "manager" })]);
    const cookie = switched.cookies.find((c) => c.name === "tm_staff")?.value;
    const asManager = { cookie: `tm_staff=${cookie}` };
    // the waiter's session on the tablet has ended; the manager's may do what a manager may
    expect((await call("GET", API.consoleSession, tablet)).statusCode).toBe(401);
    expect((await call("GET", API.auditLog(rid), asManager)).statusCode).toBe(200);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "session.pinSwitch"))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({ actor: `staff:${manager.id}`, before: { actor: `staff:${waiter.id}` } });
    // no session, no switch
    expect((await pin({}, "8765")).statusCode).toBe(401);
    // five wrong PINs on one device lock it
    const device = await signIn(app, waiter.login, waiter.password);
    for (let i = 0; i < 5; i++) expect((await pin(device, `11${10 + i}`)).statusCode).toBe(401);
    expect((await pin(device, "8765")).statusCode).toBe(429);
  });

  it("creates, uses and revokes an API key; the key is shown once and stored as a hash", async () => {
    const owner = await staffHeaders(app, rid);
    const created = await call("POST", API.apiKeys(rid), owner, { name: "收银机", role: "cashier" });
    expect(created.statusCode).toBe(200);
    const { apiKey, secret } = json(created).data as { apiKey: ApiKeyView; secret: string };
    expect(secret).toMatch(/^tmk_/);
    expect(apiKey).toMatchObject({
      name: "收银机",
      role: "cashier",
      prefix: secret.slice(0, 12),
      revokedAt: null,
    });
    const asKey = { authorization: `Bearer ${secret}` };
    expect((await call("GET", API.staffOrders(rid), asKey)).statusCode).toBe(200);
    // a cashier's key: no staff management, and nothing at another restaurant
    expect((await call("GET", API.staffAccounts(rid), asKey)).statusCode).toBe(403);
    expect((await call("GET", API.staffOrders(other), asKey)).statusCode).toBe(403);
    const list = json(await call("GET", API.apiKeys(rid), owner)).data as ApiKeyView[];
    const listed = list.find((k) => k.id === apiKey.id);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(secret);
    // never an owner's key
    expect((await call("POST", API.apiKeys(rid), owner, { name: "x", role: "owner" })).statusCode).toBe(400);
    // another restaurant's owner cannot revoke it
    expect(
      (await call("DELETE", API.apiKey(other, apiKey.id), await staffHeaders(app, other))).statusCode,
    ).toBe(404);
    expect((await call("DELETE", API.apiKey(rid, apiKey.id), owner)).statusCode).toBe(200);
    expect(json(await call("GET", API.staffOrders(rid), asKey))).toMatchObject({ code: 401 });
    const actions = (
      await app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `apikey:${apiKey.id}`))
    ).map((e) => e.action);
    expect(actions).toEqual(["apiKey.create", "apiKey.revoke"]);
    expect(JSON.stringify(await app.db.select().from(auditLog))).not.toContain(secret);
  });

  it("refuses another restaurant's staff (403) and changes nothing", async () => {
    const elsewhere = await staffHeaders(app, other, "owner");
    const before = await app.db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
    const answers = [
      await call("GET", API.staffAccounts(rid), elsewhere),
      await call("POST", API.staffAccounts(rid), elsewhere, {
        login: "intruder",
        name: "外人",
        role: "owner",
        password: "password-1",
        pin: "5555",
      }),
      await call("GET", API.auditLog(rid), elsewhere),
      await call("POST", API.apiKeys(rid), elsewhere, { name: "x", role: "waiter" }),
    ];
    for (const answer of answers) expect(json(answer)).toMatchObject({ code: 403, message: "没有权限" });
    expect(await app.db.select().from(staffAccounts).orderBy(asc(staffAccounts.id))).toEqual(before);
  });

  it("manages staff: a manager adds a waiter but no owner, changes roles but not an owner's; PIN and password resets; disable ends sessions", async () => {
    const manager = await addStaff("manager");
    const asManager = await signIn(app, manager.login, manager.password);
    const waiter = await addStaff("waiter", { as: asManager });
    const owner = await staffActor(app, rid, "owner");
    const ownerId = Number(owner.split(":")[1]);
    const refusedOwner = await call("POST", API.staffAccounts(rid), asManager, {
      login: `own-${backend}`,
      name: "新店主",
      role: "owner",
      password: "password-1",
      pin: "246813",
    });
    expect(json(refusedOwner)).toMatchObject({ code: 4034 });
    expect(
      json(await call("PUT", API.staffAccountRole(rid, ownerId), asManager, { role: "waiter" })),
    ).toMatchObject({
      code: 4034,
    });
    expect(
      json(await call("PUT", API.staffAccountRole(rid, waiter.id), asManager, { role: "owner" })),
    ).toMatchObject({
      code: 4034,
    });
    expect(
      (await call("PUT", API.staffAccountRole(rid, waiter.id), asManager, { role: "cashier" })).statusCode,
    ).toBe(200);
    // the login is unique whatever its case, the PIN among the restaurant's staff
    const taken = await call("POST", API.staffAccounts(rid), asManager, {
      login: waiter.login.toUpperCase(),
      name: "重名",
      role: "waiter",
      password: "password-1",
      pin: "135791",
    });
    expect(json(taken)).toMatchObject({ code: 4095 });
    const samePin = await call("POST", API.staffAccounts(rid), asManager, {
      login: `pin-${backend}`,
      name: "同码",
      role: "waiter",
      password: "password-1",
      pin: waiter.pin,
    });
    expect(json(samePin)).toMatchObject({ code: 4096 });
    expect(
      (await call("PUT", API.staffAccountPin(rid, waiter.id), asManager, { pin: "97531" })).statusCode,
    ).toBe(200);
    const waiterSession = await signIn(app, waiter.login, waiter.password);
    expect(
      (await call("PUT", API.staffAccountPassword(rid, waiter.id), asManager, { password: "reset-pass-1" }))
        .statusCode,
    ).toBe(200);
    expect((await call("GET", API.consoleSession, waiterSession)).statusCode).toBe(401);
    const again = await signIn(app, waiter.login, "reset-pass-1");
    expect(
      (await call("PUT", API.staffAccountDisabled(rid, waiter.id), asManager, { disabled: true })).statusCode,
    ).toBe(200);
    expect((await call("GET", API.consoleSession, again)).statusCode).toBe(401);
    expect((await signInAnswer(waiter.login, "reset-pass-1", freshAddress())).statusCode).toBe(401);
    expect(
      json(await call("PUT", API.staffAccountDisabled(rid, manager.id), asManager, { disabled: true })),
    ).toMatchObject({ code: 4098 });
    // a member of another restaurant is not found here
    expect(
      (
        await call("PUT", API.staffAccountPin(other, waiter.id), await staffHeaders(app, other), {
          pin: "1234",
        })
      ).statusCode,
    ).toBe(404);
    const list = json(await call("GET", API.staffAccounts(rid), asManager)).data as StaffMember[];
    expect(list.find((m) => m.accountId === waiter.id)).toMatchObject({ role: "cashier", disabled: true });
    // every change, by the manager, in the audit log; no password or PIN in it
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `staff:${waiter.id}`));
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ["staff.create", `staff:${manager.id}`],
      ["staff.role", `staff:${manager.id}`],
      ["staff.pin.reset", `staff:${manager.id}`],
      ["staff.password.reset", `staff:${manager.id}`],
      ["staff.disable", `staff:${manager.id}`],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/97531|reset-pass-1|password-/);
  });

  it("keeps one owner: the last owner cannot be demoted", async () => {
    const owner = await staffHeaders(app, other);
    const ownerId = Number((await staffActor(app, other)).split(":")[1]);
    // the demo's own owner of that restaurant counts too: disable it first
    const members = json(await call("GET", API.staffAccounts(other), owner)).data as StaffMember[];
    for (const m of members.filter((m) => m.role === "owner" && m.accountId !== ownerId))
      await call("PUT", API.staffAccountDisabled(other, m.accountId), owner, { disabled: true });
    expect(
      json(await call("PUT", API.staffAccountRole(other, ownerId), owner, { role: "manager" })),
    ).toMatchObject({
      code: 4097,
    });
  });

  it("reads the audit log newest first, filtered and paged; the log cannot be changed", async () => {
    const owner = await staffHeaders(app, rid);
    await addStaff("waiter");
    const page = json(await call("GET", `${API.auditLog(rid)}?pageSize=2`, owner)).data as AuditPage;
    expect(page.entries).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const [a, b] = page.entries;
    expect(new Date(a?.at ?? 0).getTime()).toBeGreaterThanOrEqual(new Date(b?.at ?? 0).getTime());
    const creates = json(await call("GET", `${API.auditLog(rid)}?action=staff.create&pageSize=100`, owner))
      .data as AuditPage;
    expect(creates.entries.every((e) => e.action === "staff.create")).toBe(true);
    const area = json(await call("GET", `${API.auditLog(rid)}?action=staff&pageSize=100`, owner))
      .data as AuditPage;
    expect(area.entries.every((e) => e.action.startsWith("staff."))).toBe(true);
    const actor = await staffActor(app, rid);
    const mine = json(await call("GET", `${API.auditLog(rid)}?actor=${actor}&pageSize=100`, owner))
      .data as AuditPage;
    expect(mine.entries.length).toBeGreaterThan(0);
    expect(mine.entries.every((e) => e.actor === actor)).toBe(true);
    const future = new Date(Date.now() + shift + 3_600_000).toISOString();
    const none = json(await call("GET", `${API.auditLog(rid)}?from=${encodeURIComponent(future)}`, owner))
      .data as AuditPage;
    expect(none).toMatchObject({ entries: [], total: 0 });
    expect((await call("GET", `${API.auditLog(rid)}?from=yesterday`, owner)).statusCode).toBe(400);
    // nothing another restaurant's
    const all = json(await call("GET", `${API.auditLog(rid)}?pageSize=100`, owner)).data as AuditPage;
    expect(all.entries.length).toBe(Math.min(100, all.total));
    const rows = await app.db.select().from(auditLog).where(eq(auditLog.restaurantId, other));
    expect(all.entries.some((e) => rows.some((r) => r.id === e.id))).toBe(false);
    await expect(app.db.delete(auditLog)).rejects.toThrow();
  });

  it("takes a manager's approval (recorded as the approver) and refuses a waiter's, a wrong PIN and a stranger's", async () => {
    const manager = await addStaff("manager", { pin: "5050" });
    const waiter = await addStaff("waiter", { pin: "6060" });
    const approver = await verifyApproval(app.db, rid, { login: manager.login, pin: "5050" });
    expect(approver).toMatchObject({ accountId: manager.id, role: "manager", actor: `staff:${manager.id}` });
    // the action it approves names it in the audit log, read back as the console reads it
    await recordAudit(app.db, {
      restaurantId: rid,
      by: { actor: `staff:${waiter.id}`, name: "员工" },
      approver,
      action: "order.comp",
      target: "order:1",
    });
    const owner = await staffHeaders(app, rid);
    const read = json(await call("GET", `${API.auditLog(rid)}?action=order.comp`, owner)).data as AuditPage;
    expect(read.entries[0]).toMatchObject({ actor: `staff:${waiter.id}`, approver: `staff:${manager.id}` });
    const refusal = (approval: { login: string; pin: string }, at = rid) =>
      verifyApproval(app.db, at, approval).then(
        () => "approved",
        (e: { key: string }) => e.key,
      );
    expect(await refusal({ login: waiter.login, pin: "6060" })).toBe("approvalInvalid");
    expect(await refusal({ login: manager.login, pin: "0000" })).toBe("approvalInvalid");
    expect(await refusal({ login: "nobody-at-all", pin: "5050" })).toBe("approvalInvalid");
    expect(await refusal({ login: manager.login, pin: "5050" }, other)).toBe("approvalInvalid");
    // the approver's login is limited like a sign-in
    for (let i = 0; i < 4; i++) await refusal({ login: manager.login, pin: "0000" });
    expect(await refusal({ login: manager.login, pin: "5050" })).toBe("tooManyAttempts");
  });

  // last: it moves the clock past every session signed in so far
  it("refuses an expired session (12 hours)", async () => {
    const member = await addStaff("waiter");
    const headers = await signIn(app, member.login, member.password);
    shift += 12 * 3_600_000 - 60_000;
    expect((await call("GET", API.staffOrders(rid), headers)).statusCode).toBe(200);
    shift += 2 * 60_000;
    expect(json(await call("GET", API.staffOrders(rid), headers))).toMatchObject({ code: 401 });
  });
});

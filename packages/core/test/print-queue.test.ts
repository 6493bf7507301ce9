import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canMoveJob,
  confirmsDown,
  failoverLeadMs,
  failoverMoveAt,
  knownNotPrinting,
  mayTransferJob,
  nextLookAt,
  PRINT_JOB_STATES,
  PRINTER_STATES,
  printerAlerts,
  printerLookOf,
  printerStateOf,
  retryDelayMs,
  shouldFailOver,
  shouldWithdraw,
  statusBytesOf,
} from "../src/index.js";

describe("the print queue's rules", () => {
  it("a job moves queued → sent → printed / failed / unknown, and only back to the queue when it did not print", () => {
    expect(canMoveJob("queued", "sent")).toBe(true);
    expect(canMoveJob("queued", "printed")).toBe(false);
    expect(canMoveJob("sent", "printed")).toBe(true);
    expect(canMoveJob("sent", "unknown")).toBe(true);
    expect(canMoveJob("unknown", "queued")).toBe(true);
    expect(canMoveJob("unknown", "sent")).toBe(true);
    expect(canMoveJob("failed", "queued")).toBe(true);
    for (const to of PRINT_JOB_STATES) expect(canMoveJob("printed", to)).toBe(false);
    // only a job that certainly did not print goes to another printer
    // a healthy printer keeps its jobs, however slow the queue
    expect(PRINT_JOB_STATES.filter((s) => mayTransferJob(s, "online"))).toEqual([]);
    expect(PRINT_JOB_STATES.filter((s) => mayTransferJob(s, "unknown"))).toEqual(["queued", "failed"]);
    // an unknown job moves only from a printer that is not printing (its copy is marked 转打印)
    expect(PRINT_JOB_STATES.filter((s) => mayTransferJob(s, "paperOut"))).toEqual([
      "queued",
      "failed",
      "unknown",
    ]);
    expect(mayTransferJob("unknown", "unknown")).toBe(false);
  });

  it("backs off from half a second, doubling, never past 8 s", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    fc.assert(
      fc.property(fc.nat(1000), (n) => {
        expect(retryDelayMs(n + 1)).toBeGreaterThanOrEqual(retryDelayMs(n));
      }),
    );
  });

  it("fails over at once from a printer known not printing, else once the failover time passed", () => {
    const since = new Date("2026-11-28T04:00:00Z");
    const at = (ms: number) => new Date(since.getTime() + ms);
    const base = {
      state: "queued" as const,
      since,
      failoverMs: 15_000,
      backupPrinterId: 7,
      printerState: "offline" as const,
      printerDown: false,
    };
    // one look found it offline (maybe a timeout): the job waits PRINT_FAILOVER_S
    expect(shouldFailOver({ ...base, now: at(14_999) })).toBe(false);
    expect(shouldFailOver({ ...base, now: at(15_000) })).toBe(true);
    expect(shouldFailOver({ ...base, printerState: "unknown", now: at(15_000) })).toBe(true);
    // known offline, out of paper or open: at once
    for (const printerState of ["offline", "paperOut", "coverOpen"] as const) {
      const down = { ...base, printerState, printerDown: true, now: at(0) };
      expect(shouldFailOver(down)).toBe(true);
      expect(shouldFailOver({ ...down, state: "unknown" })).toBe(true);
      expect(shouldFailOver({ ...down, backupPrinterId: null })).toBe(false);
      expect(shouldFailOver({ ...down, state: "sent" })).toBe(false);
    }
    expect(shouldFailOver({ ...base, now: at(60_000), backupPrinterId: null })).toBe(false);
    expect(shouldFailOver({ ...base, now: at(60_000), state: "unknown", printerState: "online" })).toBe(
      false,
    );
    expect(shouldFailOver({ ...base, now: at(60_000), state: "unknown", printerState: "unknown" })).toBe(
      false,
    );
    expect(shouldFailOver({ ...base, now: at(60_000), state: "sent" })).toBe(false);
    expect(shouldFailOver({ ...base, now: at(60_000), printerState: "online", printerDown: true })).toBe(
      false,
    );
  });

  it("takes a print back from a cloud service when one never sent would move, never from a printer that prints", () => {
    const since = new Date("2026-11-28T04:00:00Z");
    const at = (ms: number) => new Date(since.getTime() + ms);
    const held = {
      since,
      failoverMs: 15_000,
      backupPrinterId: 7,
      printerState: "offline" as const,
      printerDown: true,
      now: at(0),
    };
    // its service says the printer is off line: at once
    expect(shouldWithdraw(held)).toBe(true);
    expect(shouldWithdraw({ ...held, backupPrinterId: null })).toBe(false);
    // one silent look: only once the move time came
    expect(shouldWithdraw({ ...held, printerDown: false })).toBe(false);
    expect(shouldWithdraw({ ...held, printerDown: false, now: at(15_000) })).toBe(true);
    fc.assert(
      fc.property(fc.boolean(), fc.nat(100_000), (printerDown, ms) => {
        expect(shouldWithdraw({ ...held, printerState: "online", printerDown, now: at(ms) })).toBe(false);
      }),
    );
  });

  it("moves a job early enough to be on the backup's paper within the failover time: the lead is a pass and a send", () => {
    const since = new Date("2026-11-28T04:00:00Z");
    const at = (ms: number) => new Date(since.getTime() + ms);
    expect(failoverLeadMs(100, 1000)).toBe(1100);
    expect(failoverMoveAt(since, 15_000, failoverLeadMs(250, 3000))).toEqual(at(11_750));
    // a lead longer than the failover time: at once, never before the job was queued
    expect(failoverMoveAt(since, 2000, 5000)).toEqual(since);
    const base = {
      state: "queued" as const,
      since,
      failoverMs: 15_000,
      leadMs: 1100,
      backupPrinterId: 7,
      printerState: "unknown" as const,
      printerDown: false,
    };
    expect(shouldFailOver({ ...base, now: at(13_899) })).toBe(false);
    expect(shouldFailOver({ ...base, now: at(13_900) })).toBe(true);
    // the next look: its wait, cut short by a move time ahead; once that passed, its wait again
    expect(nextLookAt(at(0), 3000, at(13_900))).toEqual(at(3000));
    expect(nextLookAt(at(12_000), 3000, at(13_900))).toEqual(at(13_900));
    expect(nextLookAt(at(20_000), 3000, at(13_900))).toEqual(at(23_000));
    expect(nextLookAt(at(20_000), 3000, null)).toEqual(at(23_000));
    // still never from a printer that prints, nor a job whose printing is unknown at a printer not known down
    expect(shouldFailOver({ ...base, printerState: "online", now: at(60_000) })).toBe(false);
    expect(shouldFailOver({ ...base, state: "unknown", now: at(60_000) })).toBe(false);
  });

  it("knows a printer is not printing at once when it said so itself, after two looks when it was only silent", () => {
    for (const state of ["offline", "paperOut", "coverOpen"] as const) {
      expect(knownNotPrinting("online", { state, said: true })).toBe(true);
      expect(knownNotPrinting("online", { state, said: false })).toBe(false);
      expect(knownNotPrinting("offline", { state, said: false })).toBe(true);
    }
    expect(knownNotPrinting("offline", { state: "online", said: true })).toBe(false);
    expect(knownNotPrinting("paperOut", { state: "unknown", said: false })).toBe(false);
    // status bytes are the printer's own word; garbage is silence
    expect(printerLookOf(statusBytesOf("paperOut"))).toEqual({ state: "paperOut", said: true });
    expect(printerLookOf({ printer: 0xff, offlineCause: 0x12, paper: 0x12 })).toEqual({
      state: "offline",
      said: false,
    });
  });

  it("never moves a job from a printing printer or one sent and unanswered; early only when known down", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PRINT_JOB_STATES),
        fc.constantFrom(...PRINTER_STATES),
        fc.constantFrom(...PRINTER_STATES),
        fc.nat(100_000),
        (state, previous, printerState, ms) => {
          const moved = shouldFailOver({
            state,
            printerState,
            printerDown: confirmsDown(previous, printerState),
            since: new Date(0),
            now: new Date(ms),
            failoverMs: 15_000,
            backupPrinterId: 3,
          });
          if (printerState === "online" || state === "sent" || state === "printed") expect(moved).toBe(false);
          if (moved && ms < 15_000) expect(printerAlerts(previous) && printerAlerts(printerState)).toBe(true);
        },
      ),
    );
  });

  it("reads DLE EOT status bytes back to the state that made them; garbage is offline", () => {
    for (const state of PRINTER_STATES.filter((s) => s !== "unknown"))
      expect(printerStateOf(statusBytesOf(state))).toBe(state);
    expect(printerStateOf({ printer: 0xff, offlineCause: 0x12, paper: 0x12 })).toBe("offline");
    // Epson's real answers: 0x16 (online), 0x12; paper end 0x72 on DLE EOT 4
    expect(printerStateOf({ printer: 0x16, offlineCause: 0x12, paper: 0x12 })).toBe("online");
    expect(printerStateOf({ printer: 0x1e, offlineCause: 0x32, paper: 0x72 })).toBe("paperOut");
    expect(PRINTER_STATES.filter(printerAlerts)).toEqual(["offline", "paperOut", "coverOpen"]);
  });
});

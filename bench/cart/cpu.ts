/**
 * CPU used over a window, from /proc (Linux): by the server, by PostgreSQL's processes, by the bench's
 * client, and by the whole machine, each in % of one core. The machine has two cores, shared by all.
 */
import { readdirSync, readFileSync } from "node:fs";

/** USER_HZ: /proc counts CPU time in these ticks per second on Linux */
const TICKS_PER_SECOND = 100;

function processTicks(pid: number): { comm: string; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    // after the command: state is field 3; utime and stime are fields 14 and 15
    const fields = stat.slice(close + 2).split(" ");
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

function postgresTicks(): number {
  let ticks = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const found = processTicks(Number(name));
    if (found?.comm === "postgres") ticks += found.ticks;
  }
  return ticks;
}

function machineTicks(): { busy: number; total: number } {
  const [line = ""] = readFileSync("/proc/stat", "utf8").split("\n");
  // user nice system idle iowait irq softirq steal (guest time is already inside user)
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((sum, v) => sum + v, 0);
  // idle and iowait
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

export interface CpuShare {
  seconds: number;
  serverPercent: number;
  postgresPercent: number;
  clientPercent: number;
  /** everything on the machine, of one core (200 = both cores busy) */
  machinePercent: number;
  /** what other work on the machine (not the bench's server, client or PostgreSQL) used */
  otherPercent: number;
  /** server and PostgreSQL CPU per accepted operation, in ms (filled in by the caller) */
  serverMsPerOp?: number;
  postgresMsPerOp?: number;
}

/** CPU milliseconds per operation at this rate, from a share in % of one core. */
export const msPerOp = (percent: number, perSecond: number): number =>
  perSecond > 0 ? Math.round((percent * 10 * 100) / perSecond) / 100 : 0;

/** Starts a window; its `end()` gives the shares over it. Pids are read at both ends (a restart changes one). */
export function cpuWindow(pids: () => { server?: number; client?: number }): { end(): CpuShare } {
  const take = () => {
    const { server, client } = pids();
    return {
      at: performance.now(),
      server: server ? (processTicks(server)?.ticks ?? 0) : 0,
      client: client ? (processTicks(client)?.ticks ?? 0) : 0,
      postgres: postgresTicks(),
      machine: machineTicks(),
    };
  };
  const start = take();
  return {
    end() {
      const end = take();
      const seconds = (end.at - start.at) / 1000;
      const percent = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100);
      const server = percent(end.server - start.server);
      const client = percent(end.client - start.client);
      const postgres = percent(end.postgres - start.postgres);
      const machine = percent(end.machine.busy - start.machine.busy);
      return {
        seconds: Math.round(seconds),
        serverPercent: server,
        postgresPercent: postgres,
        clientPercent: client,
        machinePercent: machine,
        otherPercent: Math.max(0, machine - server - client - postgres),
      };
    },
  };
}

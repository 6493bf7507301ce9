import { cpus, loadavg } from "node:os";

/** The load average now, to one decimal (1, 5 and 15 minutes). */
export const loadAverageNow = (): number[] => loadavg().map((v) => Math.round(v * 10) / 10);

/**
 * The machine a bench ran on, as every results file states it: cores, CPU, Node, the load average at
 * the start (and at the end, where the bench took it) and what shared the cores (`sharedBy`).
 */
export function machineFacts(facts: {
  loadAverageAtStart: number[];
  loadAverageAtEnd?: number[];
  sharedBy: string;
}) {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "",
    node: process.version,
    loadAverageAtStart: facts.loadAverageAtStart,
    ...(facts.loadAverageAtEnd && { loadAverageAtEnd: facts.loadAverageAtEnd }),
    note: `${cpus().length} cores shared by ${facts.sharedBy}`,
  };
}

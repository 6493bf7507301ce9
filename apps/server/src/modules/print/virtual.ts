import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { printers, restaurants, stations } from "../../db/schema.js";
import { type FakeEscposPrinter, type PrintedPage, startFakeEscposPrinter } from "./fakes/escpos-printer.js";

/**
 * The embedded default's virtual printers (issue 27): a local ESC/POS printer (the fake) per demo
 * station, so a newcomer sees tickets print without hardware; the console's 打印 page shows each
 * one's paper as a strip. Their ports change at every start: the printers' rows are pointed at them.
 */
export interface VirtualPrinters {
  /** the pages a virtual printer printed, newest first (none for a real printer) */
  paper(printerId: number): PrintedPage[];
  close(): Promise<void>;
}

export const noVirtualPrinters: VirtualPrinters = { paper: () => [], close: async () => {} };

const KEEP = 30;

export async function startVirtualPrinters(db: Db): Promise<VirtualPrinters> {
  const running = new Map<number, FakeEscposPrinter>();
  const rows = await db
    .select({
      id: stations.id,
      name: stations.name,
      restaurantId: stations.restaurantId,
      printerId: stations.printerId,
    })
    .from(stations)
    .innerJoin(restaurants, eq(stations.restaurantId, restaurants.id));
  for (const station of rows) {
    const fake = await startFakeEscposPrinter();
    fake.onPage = () => {
      if (fake.pages.length > KEEP) fake.pages.splice(0, fake.pages.length - KEEP);
    };
    const settings = { host: fake.host, port: fake.port };
    let printerId = station.printerId;
    if (printerId === null) {
      const [row] = await db
        .insert(printers)
        .values({
          restaurantId: station.restaurantId,
          name: `${station.name}（虚拟）`,
          kind: "lan",
          paper: 80,
          settings,
        })
        .onConflictDoUpdate({ target: [printers.restaurantId, printers.name], set: { settings } })
        .returning({ id: printers.id });
      printerId = row?.id ?? null;
      if (printerId !== null) await db.update(stations).set({ printerId }).where(eq(stations.id, station.id));
    } else {
      const [current] = await db.select().from(printers).where(eq(printers.id, printerId));
      // only a virtual printer is re-pointed: a real one the restaurant set up stays as it is
      if (!current?.name.endsWith("（虚拟）")) {
        await fake.close();
        continue;
      }
      await db.update(printers).set({ settings, state: "unknown" }).where(eq(printers.id, printerId));
    }
    if (printerId !== null) running.set(printerId, fake);
  }
  return {
    paper: (printerId) => [...(running.get(printerId)?.pages ?? [])].reverse(),
    close: async () => {
      await Promise.all([...running.values()].map((fake) => fake.close()));
    },
  };
}

import type { PrinterSettings } from "@tablemate/core";
import type { Sealer } from "../../../security/sealed.js";
import { feieyunLink } from "./feieyun.js";
import { lanLink } from "./lan.js";
import type { PrinterLink } from "./link.js";
import { yilianyunLink } from "./yilianyun.js";

export interface LinkConfig {
  feieyunUrl: string;
  /** the address 飞鹅 posts its order-state callbacks to (sent as each print's backurl); none: no callbacks */
  feieyunBackUrl?: string;
  yilianyunUrl: string;
  timeoutMs: number;
  sealer: Sealer;
  now: () => Date;
}

/** How the queue talks to a printer of each kind; the browser prints from the console (no link). */
export function linkOf(
  printer: { kind: string; settings: PrinterSettings; sealedSecret: string | null },
  config: LinkConfig,
): PrinterLink | null {
  const { settings } = printer;
  const secret = () => (printer.sealedSecret ? config.sealer.open(printer.sealedSecret) : "");
  switch (printer.kind) {
    case "lan":
      return lanLink({ host: settings.host ?? "", port: settings.port ?? 9100 }, config.timeoutMs);
    case "feieyun":
      return feieyunLink(
        {
          url: config.feieyunUrl,
          user: settings.user ?? "",
          ukey: secret(),
          sn: settings.sn ?? "",
          backUrl: config.feieyunBackUrl,
        },
        config.timeoutMs,
        config.now,
      );
    case "yilianyun":
      return yilianyunLink(
        {
          url: config.yilianyunUrl,
          clientId: settings.clientId ?? "",
          clientSecret: secret(),
          machineCode: settings.machineCode ?? "",
        },
        config.timeoutMs,
        config.now,
      );
    default:
      return null;
  }
}

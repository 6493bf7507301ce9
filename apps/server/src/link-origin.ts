import { type NetworkInterfaceInfo, networkInterfaces } from "node:os";
import type { Config } from "./config.js";

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** Where the printed table links point, and why there (said once at start). */
export interface LinkOrigin {
  /** the origin the table links and their QR codes carry */
  url: string;
  /** the server's own origin, as the start banner names it */
  server: string;
  /** how the origin was chosen, for a newcomer */
  note: string;
}

/** The machine's first IPv4 address that is not internal (a Wi-Fi or Ethernet one), with its interface. */
export function lanAddress(
  interfaces: Interfaces = networkInterfaces(),
): { address: string; name: string } | null {
  for (const [name, infos] of Object.entries(interfaces)) {
    const found = infos?.find((info) => info.family === "IPv4" && !info.internal);
    if (found) return { address: found.address, name };
  }
  return null;
}

const EVERY_INTERFACE = new Set(["0.0.0.0", "::", ""]);
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1)$/;

/**
 * The server's origin: PUBLIC_URL; else, when it listens on every interface, this machine's LAN
 * address, so a phone on the same Wi-Fi can open the links; else the one address it listens on
 * (localhost for a loopback one). The table links carry QRCODE_URL when set (spec 000 §3 qrcodeUrl),
 * else the same origin.
 */
export function linkOrigin(
  config: Pick<Config, "PUBLIC_URL" | "QRCODE_URL" | "HOST" | "PORT">,
  interfaces: Interfaces = networkInterfaces(),
): LinkOrigin {
  const chosen = serverOrigin(config, interfaces);
  if (!config.QRCODE_URL) return chosen;
  return { ...chosen, url: config.QRCODE_URL, note: `the table links use QRCODE_URL (${config.QRCODE_URL})` };
}

function serverOrigin(
  config: Pick<Config, "PUBLIC_URL" | "HOST" | "PORT">,
  interfaces: Interfaces,
): LinkOrigin {
  const at = (host: string) => `http://${host.includes(":") ? `[${host}]` : host}:${config.PORT}`;
  const only = (url: string, note: string): LinkOrigin => ({ url, server: url, note });
  if (config.PUBLIC_URL) return only(config.PUBLIC_URL, "the table links use PUBLIC_URL");
  if (!EVERY_INTERFACE.has(config.HOST)) {
    if (LOOPBACK.test(config.HOST))
      return only(
        at("localhost"),
        `HOST=${config.HOST} answers this machine only: the links open here, not on a phone`,
      );
    return only(
      at(config.HOST),
      `the table links use HOST (${config.HOST}); set PUBLIC_URL to choose another origin`,
    );
  }
  const lan = lanAddress(interfaces);
  if (!lan)
    return only(
      at("localhost"),
      "no network address found: the links open on this machine only (set PUBLIC_URL)",
    );
  return only(
    at(lan.address),
    `PUBLIC_URL is unset: the links use this machine's LAN address ${lan.address} (${lan.name}), ` +
      "so a phone on the same Wi-Fi can scan the QR code",
  );
}

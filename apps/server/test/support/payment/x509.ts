import { type KeyObject, sign } from "node:crypto";

/**
 * A self-signed X.509 certificate written by hand in DER (node:crypto reads certificates but does not
 * make them): enough to stand in for a WeChat Pay platform certificate in tests, with the serial and
 * validity the test chooses.
 */
function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
}

const sequence = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const SHA256_WITH_RSA = sequence(
  der(0x06, Buffer.from([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b])),
  Buffer.from([0x05, 0x00]),
);

function integerFromHex(hex: string): Buffer {
  let bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return der(0x02, bytes);
}

function name(commonName: string): Buffer {
  const cn = sequence(der(0x06, Buffer.from([0x55, 0x04, 0x03])), der(0x0c, Buffer.from(commonName, "utf8")));
  return sequence(der(0x31, cn));
}

function utcTime(date: Date): Buffer {
  const iso = date.toISOString(); // 2025-01-02T03:04:05.000Z
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return der(0x17, Buffer.from(text, "ascii"));
}

export function selfSignedCertificate(options: {
  privateKey: KeyObject;
  publicKey: KeyObject;
  serialHex: string;
  commonName?: string;
  notBefore?: Date;
  notAfter?: Date;
}): string {
  const now = Date.now();
  const issuer = name(options.commonName ?? "Tenpay.com Root CA");
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    integerFromHex(options.serialHex),
    SHA256_WITH_RSA,
    issuer,
    sequence(
      utcTime(options.notBefore ?? new Date(now - 86_400_000)),
      utcTime(options.notAfter ?? new Date(now + 365 * 86_400_000)),
    ),
    issuer,
    options.publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = sign("sha256", tbs, options.privateKey);
  const cert = sequence(tbs, SHA256_WITH_RSA, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const lines = cert.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}

import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { hardCodedWords } from "../../../packages/client/build/hard-coded-words.js";

/**
 * Every word a staff member reads goes through a copy module (src/copy/, the source language, zh-CN)
 * and so through the catalogues: a Chinese string written anywhere else in apps/console/src would show
 * untranslated.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

/** Where Chinese words may be written: the copy modules (the source), the catalogues and the languages' own names. */
const ALLOWED = [/^copy\//, /^i18n\/catalogues\//, /^i18n\/locales\.ts$/];

describe("the console's words", () => {
  it("are written only in copy modules, never hard-coded in a component or a module", () => {
    const { files, found } = hardCodedWords(SRC, ALLOWED);
    expect(files).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { chineseIn } from "../build/hard-coded-words.js";

describe("the hard-coded words check (apps/web and apps/console)", () => {
  it("finds Chinese in JSX text, an attribute and a template, not in a comment", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe is source text holding a template
    const probe = 'const a = <b title="菜单">加菜 {`共${n}份`}</b>; // 注释\n/** 说明 */ const b = "、";';
    expect(chineseIn("probe.tsx", probe)).toEqual([
      "probe.tsx:1 菜单",
      "probe.tsx:1 加菜",
      "probe.tsx:1 共",
      "probe.tsx:1 份",
      "probe.tsx:2 、",
    ]);
  });
});

import type { TableState } from "@tablemate/core";

/**
 * Each state's card colours (background, edge, and its name's text: the hue's dark shade, 4.5:1 or
 * more on the background, WCAG AA) and its antd tag colour; the legend shows the same.
 */
export const STATE_COLORS: Readonly<
  Record<TableState, { background: string; edge: string; tag: string; text: string }>
> = {
  free: { background: "#fafafa", edge: "#d9d9d9", tag: "default", text: "#595959" },
  seated: { background: "#e6f4ff", edge: "#1677ff", tag: "blue", text: "#003eb3" },
  ordering: { background: "#fffbe6", edge: "#faad14", tag: "gold", text: "#874d00" },
  ordered: { background: "#f6ffed", edge: "#52c41a", tag: "green", text: "#135200" },
  called: { background: "#fff1f0", edge: "#f5222d", tag: "red", text: "#a8071a" },
  paid: { background: "#f9f0ff", edge: "#722ed1", tag: "purple", text: "#391085" },
  settled: { background: "#f0f0f0", edge: "#8c8c8c", tag: "default", text: "#595959" },
};

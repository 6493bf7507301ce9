import type { TableState } from "@tablemate/core";

/**
 * Each state's card colours (background, edge, and its name's text, dark enough to read on the
 * background) and its antd tag colour; the legend shows the same.
 */
export const STATE_COLORS: Readonly<
  Record<TableState, { background: string; edge: string; tag: string; text?: string }>
> = {
  free: { background: "#fafafa", edge: "#d9d9d9", tag: "default", text: "#8c8c8c" },
  seated: { background: "#e6f4ff", edge: "#1677ff", tag: "blue" },
  ordering: { background: "#fffbe6", edge: "#faad14", tag: "gold", text: "#ad6800" },
  ordered: { background: "#f6ffed", edge: "#52c41a", tag: "green" },
  called: { background: "#fff1f0", edge: "#f5222d", tag: "red" },
  paid: { background: "#f9f0ff", edge: "#722ed1", tag: "purple" },
  settled: { background: "#f0f0f0", edge: "#8c8c8c", tag: "default", text: "#595959" },
};

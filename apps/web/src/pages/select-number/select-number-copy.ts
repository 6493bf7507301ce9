import { localized } from "../../i18n/i18n.js";
/**
 * The diner-count step's words (/selectNumber, spec 000 §2): in the step's own chunk, so the menu's
 * first screen does not carry them. The counts themselves are SHARED_CART_COPY's, as the top bar's picker.
 */
export const SELECT_NUMBER_COPY = localized("selectNumber", {
  title: "请选择用餐人数",
  /** the table, as the top bar names it */
  table: (name: string) => `桌台：${name}`,
  more: "更多人数",
  moreLabel: "输入用餐人数",
  morePlaceholder: "1-99",
  confirm: "确定",
  badCount: "请输入1到99之间的人数",
} as const);

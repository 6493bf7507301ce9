/**
 * One printed page as a pure structure (issue 27): built in core from an order's ticket, bill or
 * pick-up slip, then rendered to ESC/POS bytes, 飞鹅 or 易联云 markup, or HTML. Text only; what is
 * large (table, pick-up number, dishes) and what is bold (notes, allergies, 重印, 转打印) is said
 * here once, so every printer shows the same page.
 */

/** Thermal paper: 58 mm prints 32 columns of the normal font, 80 mm 48 (a CJK character takes two). */
export type PaperWidth = 58 | 80;

export const PAPER_COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };

export type PrintBlock =
  /** a line of text; `big` is double width and height, `center` centres it */
  | { type: "text"; text: string; big?: boolean; bold?: boolean; center?: boolean }
  /** a line with text at both ends (dish and count, label and amount) */
  | { type: "row"; left: string; right: string; big?: boolean; bold?: boolean }
  /** a dashed rule across the paper */
  | { type: "rule" };

export interface PrintDoc {
  /** what the page is (厨房单, 退菜单, 结账单, 取餐单, 测试页): the job list names it so */
  title: string;
  blocks: PrintBlock[];
}

/**
 * Columns a character takes on a Chinese thermal printer: ASCII one; every other character is a
 * two-byte GB character printed full width (汉字, and also ×, ·, ￥ and the like).
 */
export function charColumns(char: string): number {
  return (char.codePointAt(0) ?? 0) < 0x80 ? 1 : 2;
}

export function textColumns(text: string): number {
  let n = 0;
  for (const char of text) n += charColumns(char);
  return n;
}

/**
 * Text cut into lines of at most `columns` (never a character split): what a printer would wrap,
 * wrapped here so every renderer breaks the same way.
 */
export function wrapText(text: string, columns: number): string[] {
  const lines: string[] = [];
  let line = "";
  let width = 0;
  for (const char of text) {
    const w = charColumns(char);
    if (width + w > columns && line) {
      lines.push(line);
      line = "";
      width = 0;
    }
    line += char;
    width += w;
  }
  lines.push(line);
  return lines;
}

/**
 * A row's lines: the left text wrapped, the right text on its last line, pushed to the edge (on a
 * line of its own when it does not fit beside).
 */
export function rowLines(left: string, right: string, columns: number): string[] {
  const lines = wrapText(left, columns);
  const last = lines[lines.length - 1] ?? "";
  const gap = columns - textColumns(last) - textColumns(right);
  if (gap >= 1) lines[lines.length - 1] = last + " ".repeat(gap) + right;
  else lines.push(" ".repeat(Math.max(0, columns - textColumns(right))) + right);
  return lines;
}

/** The columns a block has: half the paper's for large text. */
export const blockColumns = (paper: PaperWidth, big?: boolean): number =>
  big ? PAPER_COLUMNS[paper] / 2 : PAPER_COLUMNS[paper];

/** Every line of a block as plain text on `paper` (what the paper shows, styles aside). */
export function blockLines(block: PrintBlock, paper: PaperWidth): string[] {
  const columns = blockColumns(paper, block.type === "rule" ? false : block.big);
  if (block.type === "rule") return ["-".repeat(columns)];
  if (block.type === "row") return rowLines(block.left, block.right, columns);
  return wrapText(block.text, columns);
}

/** The page as plain text lines (what the fakes read back, and the snapshot of its layout). */
export function docText(doc: PrintDoc, paper: PaperWidth): string {
  return doc.blocks.flatMap((b) => blockLines(b, paper)).join("\n");
}

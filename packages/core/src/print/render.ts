import { blockLines, type PaperWidth, type PrintBlock, type PrintDoc } from "./doc.js";

/**
 * The page's text as a Chinese thermal printer's font has it: the half-width ¥ (U+00A5) is no GBK
 * character (GB18030 makes it four bytes, which such printers show as "0 6"), so it is printed as
 * the full-width ￥ every GB font has; a NUL or other control character never reaches the printer.
 */
export function printableText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  return text.replaceAll("¥", "￥").replace(/[\u0000-\u001f\u007f]/g, " ");
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const LF = 0x0a;

/** ESC @ (initialise), then FS & (Chinese character mode: two-byte GB codes print as one character). */
export const ESCPOS_INIT = [ESC, 0x40, FS, 0x26];
/** ESC d 4 (feed four lines past the cutter), GS V 66 0 (feed and partial cut). */
export const ESCPOS_CUT = [ESC, 0x64, 4, GS, 0x56, 0x42, 0];

/** How text becomes the printer's bytes (GB18030 on the server: iconv-lite). */
export type TextEncoder = (text: string) => Uint8Array;

/**
 * ESC/POS bytes of a page: for each line its alignment (ESC a), emphasis (ESC E) and size (GS !,
 * double width and height for large), the text in the printer's encoding, LF; then a feed and cut.
 */
export function renderEscpos(doc: PrintDoc, paper: PaperWidth, encode: TextEncoder): Uint8Array {
  const parts: number[][] = [ESCPOS_INIT];
  for (const block of doc.blocks) {
    const big = block.type !== "rule" && Boolean(block.big);
    const bold = block.type !== "rule" && Boolean(block.bold);
    const center = block.type === "text" && Boolean(block.center);
    parts.push([ESC, 0x61, center ? 1 : 0, ESC, 0x45, bold ? 1 : 0, GS, 0x21, big ? 0x11 : 0]);
    for (const line of blockLines(block, paper)) parts.push([...encode(printableText(line)), LF]);
  }
  parts.push([ESC, 0x61, 0, ESC, 0x45, 0, GS, 0x21, 0], ESCPOS_CUT);
  return Uint8Array.from(parts.flat());
}

/** Markup text: the printer services read < and > as tags, so the page's own are made full-width. */
const markupText = (text: string): string => printableText(text).replaceAll("<", "＜").replaceAll(">", "＞");

function markupLines(
  doc: PrintDoc,
  paper: PaperWidth,
  style: (block: PrintBlock, line: string) => string,
  newline: string,
): string {
  return doc.blocks
    .flatMap((block) => blockLines(block, paper).map((line) => style(block, markupText(line)) + newline))
    .join("");
}

/**
 * 飞鹅 (Feieyun) markup for Open_printMsg: <B> large (double width and height), <CB> large and
 * centred, <C> centred, <BOLD> bold, <BR> each line's end, <CUT> at the end.
 */
export function renderFeieyun(doc: PrintDoc, paper: PaperWidth): string {
  const body = markupLines(
    doc,
    paper,
    (block, line) => {
      if (block.type === "rule") return line;
      let text = block.bold ? `<BOLD>${line}</BOLD>` : line;
      const center = block.type === "text" && block.center;
      if (block.big) text = center ? `<CB>${text}</CB>` : `<B>${text}</B>`;
      else if (center) text = `<C>${text}</C>`;
      return text;
    },
    "<BR>",
  );
  return `${body}<CUT>`;
}

/**
 * 易联云 (Yilianyun) markup for print/index: <FS> large (double), <FB> bold, <center> centred,
 * a newline each line (the printer cuts by itself).
 */
export function renderYilianyun(doc: PrintDoc, paper: PaperWidth): string {
  return markupLines(
    doc,
    paper,
    (block, line) => {
      if (block.type === "rule") return line;
      let text = block.bold ? `<FB>${line}</FB>` : line;
      if (block.big) text = `<FS>${text}</FS>`;
      if (block.type === "text" && block.center) text = `<center>${text}</center>`;
      return text;
    },
    "\n",
  );
}

const htmlText = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * HTML of the page (the browser fallback and the console's paper strips): one div per line in a
 * monospace sheet of the paper's width; classes pt-big, pt-bold, pt-center carry the styles.
 */
export function renderHtml(doc: PrintDoc, paper: PaperWidth): string {
  const lines = doc.blocks.flatMap((block) => {
    const classes = ["pt-line"];
    if (block.type === "rule") classes.push("pt-rule");
    else {
      if (block.big) classes.push("pt-big");
      if (block.bold) classes.push("pt-bold");
      if (block.type === "text" && block.center) classes.push("pt-center");
    }
    return blockLines(block, paper).map(
      (line) => `<div class="${classes.join(" ")}">${htmlText(printableText(line)) || "&nbsp;"}</div>`,
    );
  });
  return `<div class="pt-sheet pt-paper-${paper}" data-title="${htmlText(doc.title)}">${lines.join("")}</div>`;
}

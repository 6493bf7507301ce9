import { centsToMoneyText, PAY_API } from "@tablemate/core";
import { escapeHtml } from "../../../../web/html.js";
import type { SandboxTrade } from "./books.js";
import { SANDBOX_TEXT as T } from "./messages.js";

/** The page's one stylesheet, inline (the page stands alone): a phone's width first (390 px). */
const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif;
    background: #f2f3f5; color: #1f2329; -webkit-text-size-adjust: 100%; }
  main { max-width: 480px; margin: 0 auto; min-height: 100vh; padding: 16px; display: flex; flex-direction: column; gap: 12px; }
  .test { background: #fff4e5; border: 1px solid #f5a623; color: #8a4b00; border-radius: 8px; padding: 10px 12px;
    font-size: 14px; line-height: 1.5; display: flex; align-items: center; gap: 8px; }
  .mark { background: #f5a623; color: #fff; border-radius: 4px; padding: 1px 6px; font-size: 12px; font-weight: 600; flex: none; }
  .card { background: #fff; border-radius: 12px; padding: 20px 16px; text-align: center; }
  .merchant { font-size: 16px; color: #4e5969; margin: 0 0 4px; }
  .item { font-size: 13px; color: #86909c; margin: 0 0 16px; word-break: break-all; }
  .label { font-size: 13px; color: #86909c; margin: 0; }
  .amount { font-size: 36px; font-weight: 700; margin: 4px 0 0; font-variant-numeric: tabular-nums; }
  .state { font-size: 18px; font-weight: 600; margin: 16px 0 0; }
  form { display: flex; flex-direction: column; gap: 10px; margin: 0; }
  button, .back { display: block; width: 100%; min-height: 48px; border-radius: 24px; border: 0; font-size: 17px;
    font-family: inherit; text-align: center; text-decoration: none; line-height: 48px; padding: 0; cursor: pointer; }
  .pay { background: #07c160; color: #fff; font-weight: 600; }
  .fail { background: #fff; color: #d83931; border: 1px solid #d83931; line-height: 46px; }
  .cancel, .back { background: #fff; color: #4e5969; border: 1px solid #c9cdd4; line-height: 46px; }
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test" role="note"><span class="mark">${T.testMark}</span>${T.testNotice}</p>
${content}
</main>
</body>
</html>`;
}

const SETTLED_TEXT = { paid: T.paid, failed: T.failed, closed: T.closed } as const;

/**
 * The hosted checkout: who is paid, what for, how much, and the payer's three buttons while the
 * trade is pending; once settled, its outcome and the way back to the merchant.
 */
export function checkoutPage(trade: SandboxTrade, merchantName: string): string {
  const action = escapeHtml(PAY_API.sandboxCheckout(trade.tradeNo));
  const buttons =
    trade.state === "pending"
      ? `<form method="post" action="${action}">
<button class="pay" type="submit" name="action" value="pay">${T.pay} ¥${centsToMoneyText(trade.amountCents)}</button>
<button class="fail" type="submit" name="action" value="fail">${T.fail}</button>
<button class="cancel" type="submit" name="action" value="cancel">${T.cancel}</button>
</form>`
      : `<a class="back" href="${escapeHtml(trade.returnUrl)}">${T.back}</a>`;
  const state = trade.state === "pending" ? "" : `<p class="state">${SETTLED_TEXT[trade.state]}</p>`;
  return page(
    `${T.title} · ${merchantName}`,
    `<section class="card">
<p class="merchant">${T.merchant}：${escapeHtml(merchantName)}</p>
<p class="item">${T.item}：${escapeHtml(trade.description)}</p>
<p class="label">${T.amount}</p>
<p class="amount">¥${centsToMoneyText(trade.amountCents)}</p>
${state}
</section>
${buttons}`,
  );
}

/** The page for a trade number the sandbox does not know. */
export function unknownTradePage(): string {
  return page(
    T.unknownTrade,
    `<section class="card"><p class="state">${T.unknownTrade}</p><p class="item">${T.unknownTradeDetail}</p></section>`,
  );
}

import type { PayNext } from "@tablemate/core";

/** What the page shows after acting on the server's next step. */
export type NextShown =
  /** the browser is on its way to the provider (a posted form, a followed link) */
  | { kind: "leaving" }
  /** a code to scan: its content, shown as text (the app carries no QR library) */
  | { kind: "qr"; content: string }
  /** WeChat's JSAPI outside WeChat: nothing to call */
  | { kind: "noBridge" }
  /** WeChat's pay sheet answered: ok (the return page confirms with the server), or cancelled/failed */
  | { kind: "jsapi"; ok: boolean }
  /** no gateway: member money paid it all, and it is paid */
  | { kind: "paid" };

interface WeixinBridge {
  invoke(name: string, params: Record<string, string>, done: (answer: { err_msg?: string }) => void): void;
}

/** The spec's pay form: a real form posted to the provider with its hidden fields, as a page would. */
function postForm(next: Extract<PayNext, { kind: "form" }>): void {
  const form = document.createElement("form");
  form.method = next.method;
  form.action = next.action;
  form.style.display = "none";
  for (const [name, value] of Object.entries(next.fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/**
 * Acts on a create-payment answer's `next` (contract payment.ts): posts the form, follows the link,
 * hands a QR code's content back to show, or opens WeChat's pay sheet through WeixinJSBridge. Never
 * decides the payment's outcome: only the server's attempt state does (the return page asks it).
 */
export function actOnNext(next: PayNext): Promise<NextShown> {
  switch (next.kind) {
    case "form":
      postForm(next);
      return Promise.resolve({ kind: "leaving" });
    case "redirect":
      window.location.assign(next.url);
      return Promise.resolve({ kind: "leaving" });
    case "qr":
      return Promise.resolve({ kind: "qr", content: next.content });
    case "paid":
      return Promise.resolve({ kind: "paid" });
    case "jsapi": {
      const bridge = (window as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge;
      if (!bridge) return Promise.resolve({ kind: "noBridge" });
      return new Promise((resolve) =>
        bridge.invoke("getBrandWCPayRequest", next.params, (answer) =>
          resolve({ kind: "jsapi", ok: answer.err_msg === "get_brand_wcpay_request:ok" }),
        ),
      );
    }
  }
}

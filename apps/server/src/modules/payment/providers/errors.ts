/**
 * A provider call that did not give a usable answer: the network failed, the provider refused the
 * call, or its answer could not be verified. Nothing may be recorded as paid or refunded on it; the
 * payment service maps it to core's ERRORS.providerFailed.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: "wechat" | "alipay",
    /** the provider's own code (WeChat `code`, Alipay `sub_code` or `code`), or ours for what failed here */
    readonly code: string,
    message: string,
    /** the HTTP status of the answer, when there was one */
    readonly status?: number,
  ) {
    super(`${provider}: ${code}: ${message}`);
    this.name = "PaymentProviderError";
  }
}

/** How long one provider call may take before it counts as failed (the caller may try again). */
export const PROVIDER_TIMEOUT_MS = 15_000;

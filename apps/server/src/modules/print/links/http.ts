/**
 * A form POST to a cloud printer service with a deadline. What matters for exactly once is whether
 * the request may have reached the service: a refused connection never did (safe to send again); a
 * timeout or a cut answer may have (the job is then unknown until the service is asked).
 */
export type FormAnswer =
  | { status: "answered"; body: unknown }
  | { status: "notReached"; error: string }
  | { status: "lost"; error: string };

const NOT_REACHED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

export async function postForm(
  url: string,
  fields: Record<string, string>,
  timeoutMs: number,
): Promise<FormAnswer> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    try {
      return { status: "answered", body: JSON.parse(text) };
    } catch {
      return { status: "lost", error: `HTTP ${response.status}: 应答不是 JSON` };
    }
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code && NOT_REACHED.has(code)) return { status: "notReached", error: code };
    return { status: "lost", error: (error as Error).message };
  }
}

import type { StartupFailure } from "@tablemate/core";
import { useSearchParams } from "react-router";
import { type PromptAction, PromptView } from "../../features/prompt/PromptView.js";
import { PROMPT_COPY, STARTUP_FAILURE_TEXT } from "../../features/prompt/prompt-copy.js";
import { isStartupFailure } from "../../store/startup-error.js";

/** Failures a retry cannot mend: the link itself names no table, or one this way of ordering refuses. */
const LINK_FAILURES: ReadonlySet<StartupFailure> = new Set(["hotelid", "tableInfo", "shopMode"]);

function headlineOf(failure: StartupFailure | null): string {
  if (failure === null || failure === "hotelid" || failure === "tableInfo") return PROMPT_COPY.tableNotFound;
  if (failure === "shopMode") return PROMPT_COPY.modeRefused;
  if (failure === "guid") return PROMPT_COPY.whoAreYou;
  return PROMPT_COPY.menuNotOpened;
}

/**
 * Startup failed (query `error` names the step, spec 000 §8 / 001 §8): a diner's headline, the spec's
 * reason and 请重新扫码进入 in small type, and the way on (重试, or 重新扫码 when the link cannot work).
 */
export function AbnormalPage() {
  const [params] = useSearchParams();
  const error = params.get("error");
  const failure = isStartupFailure(error) ? error : null;
  const action: PromptAction = failure === null || LINK_FAILURES.has(failure) ? "rescan" : "retry";
  return (
    <PromptView
      status="disconnected"
      headline={headlineOf(failure)}
      reason={
        <>
          <span data-testid="abnormal-reason">
            {failure ? STARTUP_FAILURE_TEXT[failure] : PROMPT_COPY.sessionExpired}
          </span>
          {PROMPT_COPY.reasonSeparator}
          {PROMPT_COPY.rescanToEnter}
        </>
      }
      action={action}
    />
  );
}

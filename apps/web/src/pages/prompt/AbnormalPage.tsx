import { useSearchParams } from "react-router";
import { COPY, STARTUP_FAILURE_TEXT } from "../../copy.js";
import { PromptView } from "../../features/prompt/PromptView.js";
import { isStartupFailure } from "../../store/startup-error.js";

/** Startup failed (query `error` names the step) or a page was opened without a started session. */
export function AbnormalPage() {
  const [params] = useSearchParams();
  const error = params.get("error");
  const reason = isStartupFailure(error) ? STARTUP_FAILURE_TEXT[error] : COPY.sessionExpired;
  return (
    <PromptView
      status="disconnected"
      title={COPY.rescanToEnter}
      description={<span data-testid="abnormal-reason">{reason}</span>}
    />
  );
}

import { PromptView } from "../../features/prompt/PromptView.js";
import { PROMPT_COPY } from "../../features/prompt/prompt-copy.js";

export function OverduePage() {
  return (
    <PromptView
      status="busy"
      headline={PROMPT_COPY.overdue}
      reason={PROMPT_COPY.overdueHint}
      action="rescan"
    />
  );
}

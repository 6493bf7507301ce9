import { PromptView } from "../../features/prompt/PromptView.js";
import { PROMPT_COPY } from "../../features/prompt/prompt-copy.js";

export function NoOrderPage() {
  return (
    <PromptView
      status="empty"
      headline={PROMPT_COPY.noOrder}
      reason={PROMPT_COPY.noOrderHint}
      action="menu"
    />
  );
}

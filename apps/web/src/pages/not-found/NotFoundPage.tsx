import { PromptView } from "../../features/prompt/PromptView.js";
import { PROMPT_COPY } from "../../features/prompt/prompt-copy.js";

export function NotFoundPage() {
  return (
    <PromptView
      status="empty"
      headline={PROMPT_COPY.notFound}
      reason={PROMPT_COPY.notFoundHint}
      action="menu"
    />
  );
}

import { PromptView } from "../../features/prompt/PromptView.js";
import { PROMPT_COPY } from "../../features/prompt/prompt-copy.js";

export function LogoutPage() {
  return (
    <PromptView
      status="default"
      headline={PROMPT_COPY.logout}
      reason={PROMPT_COPY.logoutHint}
      action="menu"
    />
  );
}

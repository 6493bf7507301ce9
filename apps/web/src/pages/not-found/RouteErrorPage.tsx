import { useEffect } from "react";
import { PromptView } from "../../features/prompt/PromptView.js";
import { PROMPT_COPY } from "../../features/prompt/prompt-copy.js";

/** What a diner sees instead of a stack trace when a page throws while rendering. */
export function RouteErrorPage({ error }: { error: unknown }) {
  useEffect(() => console.error("page failed", error), [error]);
  return (
    <PromptView
      status="default"
      headline={PROMPT_COPY.pageError}
      reason={PROMPT_COPY.pageErrorHint}
      action="retry"
    />
  );
}

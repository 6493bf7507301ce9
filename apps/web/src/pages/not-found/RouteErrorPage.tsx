import { useEffect } from "react";
import { COPY } from "../../copy.js";
import { PromptView } from "../../features/prompt/PromptView.js";

/** What a diner sees instead of a stack trace when a page throws while rendering. */
export function RouteErrorPage({ error }: { error: unknown }) {
  useEffect(() => console.error("page failed", error), [error]);
  return <PromptView status="default" title={COPY.pageError} description={COPY.rescanToEnter} />;
}

import { COPY } from "../../copy.js";
import { PromptView } from "../../features/prompt/PromptView.js";

export function NotFoundPage() {
  return <PromptView status="empty" title={COPY.notFound} description={COPY.notFoundHint} backToMenu />;
}

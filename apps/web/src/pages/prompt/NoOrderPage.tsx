import { COPY } from "../../copy.js";
import { PromptView } from "../../features/prompt/PromptView.js";

export function NoOrderPage() {
  return <PromptView status="empty" title={COPY.noOrder} description={COPY.noOrderHint} backToMenu />;
}

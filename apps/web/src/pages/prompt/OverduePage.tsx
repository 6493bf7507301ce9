import { COPY } from "../../copy.js";
import { PromptView } from "../../features/prompt/PromptView.js";

export function OverduePage() {
  return <PromptView status="busy" title={COPY.overdue} description={COPY.overdueHint} />;
}

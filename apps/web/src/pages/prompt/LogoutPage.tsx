import { COPY } from "../../copy.js";
import { PromptView } from "../../features/prompt/PromptView.js";

export function LogoutPage() {
  return <PromptView status="default" title={COPY.logout} description={COPY.rescanToEnter} />;
}

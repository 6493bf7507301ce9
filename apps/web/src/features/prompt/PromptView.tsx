import Button from "antd-mobile/es/components/button";
import ErrorBlock, { type ErrorBlockProps } from "antd-mobile/es/components/error-block";
import type { ReactNode } from "react";
import { useHref, useLocation } from "react-router";
import { imperativeAntd } from "../../antd-setup.js";
import { COPY } from "../../copy.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { carryQuery } from "../../router/query.js";
import { PROMPT_COPY } from "./prompt-copy.js";
import "./prompt.css";

/**
 * The way on from a prompt page: back to the menu; 重试, which loads the app again from its entry
 * with the page's table link (startup runs anew); 重新扫码, which tells the diner how to scan the
 * table's code (a link that cannot work is not retried).
 */
export type PromptAction = "menu" | "retry" | "rescan";

export interface PromptViewProps {
  status: ErrorBlockProps["status"];
  /** what happened, in a diner's words */
  headline: ReactNode;
  /** why, in small type: the spec's reason where it gives one */
  reason?: ReactNode;
  action: PromptAction;
}

/** A fresh page load at `href` (a route of this app), so the store starts from nothing. */
function loadAfresh(href: string): void {
  window.history.replaceState(null, "", href);
  window.location.reload();
}

async function explainScan(): Promise<void> {
  const { Dialog } = await imperativeAntd();
  await Dialog.alert({ content: PROMPT_COPY.scanHint, confirmText: COPY.gotIt });
}

function ActionButton({ action }: { action: PromptAction }) {
  const navigate = useCarryingNavigate();
  const { search } = useLocation();
  const entryHref = useHref(carryQuery(PATHS.entry, search));
  const [label, run] =
    action === "menu"
      ? [COPY.backToMenu, () => navigate(PATHS.main)]
      : action === "retry"
        ? [PROMPT_COPY.retry, () => loadAfresh(entryHref)]
        : [PROMPT_COPY.rescan, () => void explainScan()];
  return (
    <Button color="primary" shape="rounded" className="prompt-view__action" onClick={run}>
      {label}
    </Button>
  );
}

/** The one layout of the prompt, not-found and error pages: headline, reason in small type, action. */
export function PromptView({ status, headline, reason, action }: PromptViewProps) {
  return (
    <main className="prompt-view" data-testid="prompt-view">
      <ErrorBlock
        fullPage
        status={status}
        title={<span data-testid="prompt-headline">{headline}</span>}
        description={reason}
      >
        <ActionButton action={action} />
      </ErrorBlock>
    </main>
  );
}

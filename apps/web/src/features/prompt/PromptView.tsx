import Button from "antd-mobile/es/components/button";
import ErrorBlock, { type ErrorBlockProps } from "antd-mobile/es/components/error-block";
import type { ReactNode } from "react";
import { COPY } from "../../copy.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import "./prompt.css";

export interface PromptViewProps {
  status: ErrorBlockProps["status"];
  title: ReactNode;
  description: ReactNode;
  /** offers a way back to the menu, for pages a diner can recover from without rescanning */
  backToMenu?: boolean;
}

/** The one layout of the prompt, not-found and error pages. */
export function PromptView({ status, title, description, backToMenu = false }: PromptViewProps) {
  const navigate = useCarryingNavigate();
  return (
    <main className="prompt-view">
      <ErrorBlock fullPage status={status} title={title} description={description}>
        {backToMenu && (
          <Button
            color="primary"
            shape="rounded"
            className="prompt-view__action"
            onClick={() => navigate(PATHS.main)}
          >
            {COPY.backToMenu}
          </Button>
        )}
      </ErrorBlock>
    </main>
  );
}

import { Button, Result } from "antd";
import { Component, type ReactNode } from "react";
import { COMMON_COPY } from "../../copy/index.js";

interface State {
  failed: boolean;
}

/** A page whose chunk did not load (a network drop, a new build): says so, with a retry. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="warning"
        title={COMMON_COPY.pageFailed.title}
        subTitle={COMMON_COPY.pageFailed.subtitle}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {COMMON_COPY.pageFailed.retry}
          </Button>
        }
      />
    );
  }
}

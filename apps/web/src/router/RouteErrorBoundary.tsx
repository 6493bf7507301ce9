import { Component, type ReactNode, Suspense } from "react";
import { lazyPage } from "./lazy-page.js";

const RouteErrorPage = lazyPage(
  () => import("../pages/not-found/RouteErrorPage.js"),
  (m) => m.RouteErrorPage,
);

interface Props {
  /** the page on screen: the error page goes when the diner moves on */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
  resetKey: string;
}

/** What a diner sees instead of a blank screen when a page throws while rendering. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: null, failed: false, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteErrorPage error={this.state.error} />
      </Suspense>
    );
  }
}

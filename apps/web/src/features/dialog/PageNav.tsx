import "antd-mobile/es/components/nav-bar/nav-bar.css";
import "./dialog.css";
import type { ReactNode } from "react";

/**
 * A page's top bar with its back button, drawn as antd-mobile's NavBar is (its styles, its class names)
 * but with a real, named button: antd-mobile's makes an unnamed, unfocusable div the button (issue 28).
 */
export function PageNav({
  back,
  onBack,
  className,
  children,
}: {
  /** the back button's words */
  back: string;
  onBack(): void;
  className: string;
  children: ReactNode;
}) {
  return (
    <header className={`adm-nav-bar ${className}`}>
      <div className="adm-nav-bar-left">
        <button type="button" className="adm-nav-bar-back page-nav__back" onClick={onBack}>
          <svg
            className="adm-nav-bar-back-arrow"
            width="1em"
            height="1em"
            viewBox="0 0 48 48"
            aria-hidden="true"
          >
            <path
              d="M31.7 6.3a1.5 1.5 0 0 1 0 2.1L16.1 24l15.6 15.6a1.5 1.5 0 1 1-2.1 2.1L13 25.1a1.5 1.5 0 0 1 0-2.2L29.6 6.3a1.5 1.5 0 0 1 2.1 0Z"
              fill="currentColor"
            />
          </svg>
          <span>{back}</span>
        </button>
      </div>
      <div className="adm-nav-bar-title">{children}</div>
      <div className="adm-nav-bar-right" />
    </header>
  );
}

import type { ReactNode } from "react";
import "./count-badge.css";

/**
 * A count in a bubble over its child (the cart bar's, an add control's): antd-mobile's Badge markup
 * and classes, without its component code, which cost the menu's first screen for a number in a circle.
 */
export function CountBadge({
  content,
  className,
  children,
}: {
  content: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className="adm-badge-wrapper">
      {children}
      {content !== null && (
        <div className={`adm-badge adm-badge-fixed ${className}`}>
          <div className="adm-badge-content">{content}</div>
        </div>
      )}
    </div>
  );
}

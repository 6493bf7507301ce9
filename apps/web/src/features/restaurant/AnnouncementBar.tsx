import { COPY } from "../../copy.js";

/**
 * The business announcement, or the welcome when the restaurant wrote none (spec 000 §2), with the
 * 展开全部 link to the restaurant detail panel.
 */
export function AnnouncementBar({ text, onExpand }: { text: string; onExpand(): void }) {
  return (
    <div className="announcement">
      <span className="announcement__label">{COPY.announcement}</span>
      <p className="announcement__text" data-testid="announcement">
        {text.trim() || COPY.defaultAnnouncement}
      </p>
      <button type="button" className="announcement__expand" onClick={onExpand}>
        {COPY.expandAll}
      </button>
    </div>
  );
}

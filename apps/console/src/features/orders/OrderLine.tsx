import type { ConsoleLine } from "@tablemate/core";
import { Tag } from "antd";
import type { ReactNode } from "react";
import { COMMON_COPY, FLOOR_COPY } from "../../copy/index.js";
import { Author, lineChoices } from "./order-parts.js";

/**
 * One line of an order as staff see it (the floor's table drawer, the order detail): name, count and
 * total, its choices and memo, who added it, and who voided or comped it and why. A voided line is
 * struck, a comped one's total too (floor.css).
 */
export function OrderLine({
  line,
  testId,
  weighedTag = false,
  actions,
}: {
  line: ConsoleLine;
  testId: string;
  /** tag a weighed line's count with 称重 */
  weighedTag?: boolean;
  /** what a line neither voided nor comped offers in its foot (the floor's 赠送 and 退菜) */
  actions?: ReactNode;
}) {
  const choices = lineChoices(line);
  return (
    <li
      className={line.voided ? "floor-line voided" : line.comped ? "floor-line comped" : "floor-line"}
      data-testid={testId}
    >
      <div className="floor-line-main">
        <span className="floor-line-name">{line.name}</span>
        <span className="floor-line-count">
          ×{line.count}
          {line.weighed && ` ${line.unit}`}
          {weighedTag && line.weighed && <Tag className="floor-weighed">{FLOOR_COPY.weighed}</Tag>}
        </span>
        <span className="floor-line-total">¥{line.total}</span>
      </div>
      {choices && <div className="floor-line-choices">{choices}</div>}
      {line.memo && (
        <div className="floor-line-memo">
          {FLOOR_COPY.memo}
          {COMMON_COPY.colon}
          {line.memo}
        </div>
      )}
      <div className="floor-line-foot">
        <Author author={line.addedBy} />
        {line.voided ? (
          <Tag>{FLOOR_COPY.voidedBy(line.voided.by, line.voided.reason)}</Tag>
        ) : line.comped ? (
          <Tag color="gold">{FLOOR_COPY.compedBy(line.comped.by, line.comped.reason)}</Tag>
        ) : (
          actions
        )}
      </div>
    </li>
  );
}

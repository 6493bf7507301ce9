import type { ConsoleLine } from "@tablemate/core";
import { Tag, Typography } from "antd";
import { FLOOR_COPY } from "../../copy/index.js";

/** A line's choices in one row: norm, methods, additions and combo parts. */
export function lineChoices(line: ConsoleLine): string {
  return [
    line.normName,
    ...line.methodNames,
    ...line.additions.map((a) => `${a.name}×${a.count}`),
    ...line.parts.map((p) => `${p.name}×${p.count}`),
  ]
    .filter(Boolean)
    .join(" / ");
}

/** Who added a line or placed an order: a diner's name, or a staff member's with 员工. */
export function Author({ author }: { author: ConsoleLine["addedBy"] }) {
  return (
    <Typography.Text type="secondary" className="floor-author">
      {author.kind === "staff" && <Tag color="blue">{FLOOR_COPY.staffTag}</Tag>}
      {author.name}
    </Typography.Text>
  );
}

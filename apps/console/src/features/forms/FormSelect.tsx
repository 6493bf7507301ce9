import { Select, type SelectProps } from "antd";

/**
 * antd's Select for a Form.Item whose rules make it required. The item hands its control
 * aria-required, which Select puts on its wrapper <div>, an element with no role, where ARIA does not
 * allow it (axe's aria-allowed-attr, WCAG 4.1.2): it is left off here; the label's required mark and
 * the rule's message say it instead.
 */
export function FormSelect(props: SelectProps & { "aria-required"?: unknown }) {
  const { "aria-required": _required, ...select } = props;
  return <Select {...select} />;
}

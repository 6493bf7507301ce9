import { Form, type FormItemProps } from "antd";
import { cloneElement, type ReactElement, useId } from "react";

type LabelledItemProps = Omit<FormItemProps, "htmlFor" | "children" | "name"> & {
  /** the one control the label names (Input, Select, InputNumber, …: any that takes an `id`) */
  children: ReactElement<{ id?: string }>;
};

/**
 * A form row whose label names its control for screen readers. antd's Form.Item ties its <label> to
 * the control only through a field `name`; a row without one (its value kept in the page's own
 * state) gets an id of its own here, the label's htmlFor and the control's id (WCAG 1.3.1 and 4.1.2,
 * issue 28). Rows with a `name` stay plain Form.Items.
 */
export function LabelledItem({ children, ...item }: LabelledItemProps) {
  const id = useId();
  return (
    <Form.Item {...item} htmlFor={id}>
      {cloneElement(children, { id })}
    </Form.Item>
  );
}

import { cleanup, render, screen } from "@testing-library/react";
import { Form, Input, InputNumber, Select } from "antd";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { FormSelect } from "../src/features/forms/FormSelect.js";
import { LabelledItem } from "../src/features/forms/LabelledItem.js";

describe("a labelled form row (no field name)", () => {
  it("names its control by its label, each row with an id of its own", () => {
    render(
      <Form layout="vertical">
        <LabelledItem label="小票号">
          <Input />
        </LabelledItem>
        <LabelledItem label="排序">
          <InputNumber />
        </LabelledItem>
        <LabelledItem label="打印机类型">
          <Select options={[{ value: 1, label: "网络打印机" }]} />
        </LabelledItem>
      </Form>,
    );
    const ticket = screen.getByLabelText("小票号");
    const sort = screen.getByLabelText("排序");
    const kind = screen.getByLabelText("打印机类型");
    expect(ticket.tagName).toBe("INPUT");
    expect(sort.tagName).toBe("INPUT");
    expect(kind.getAttribute("role")).toBe("combobox");
    expect(new Set([ticket.id, sort.id, kind.id]).size).toBe(3);
  });

  it("is what a plain Form.Item without a name is not: its label names nothing", () => {
    render(
      <Form layout="vertical">
        <Form.Item label="小票号">
          <Input />
        </Form.Item>
      </Form>,
    );
    expect(() => screen.getByLabelText("小票号")).toThrow();
  });
});

describe("a Select in a required form row", () => {
  const rendered = (select: ReactNode) =>
    render(
      <Form layout="vertical">
        <Form.Item name="role" label="角色" rules={[{ required: true }]}>
          {select}
        </Form.Item>
      </Form>,
    ).container;

  it("carries no aria-required on its wrapper, where ARIA does not allow it, and is still named by its label", () => {
    const options = [{ value: "waiter", label: "服务员" }];
    // antd's own Select puts the row's aria-required on its role-less wrapper <div>
    expect(
      rendered(<Select options={options} />).querySelector("div.ant-select[aria-required]"),
    ).not.toBeNull();
    cleanup();
    const form = rendered(<FormSelect options={options} />);
    expect(form.querySelector("[aria-required]")).toBeNull();
    expect(screen.getByLabelText("角色").getAttribute("role")).toBe("combobox");
  });
});

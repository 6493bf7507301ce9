import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  PlusOutlined,
} from "@ant-design/icons";
import type { ConsoleCategory, ConsoleMenu } from "@tablemate/core";
import { Button, Card, Input, List, Modal, Popconfirm, Space, Tag, Tooltip } from "antd";
import { useState } from "react";
import { menuApi } from "../../api/menu.js";
import { MENU_COPY } from "../../copy/index.js";
import { moved } from "./dish-form.js";
import type { Change } from "./MenuPage.js";

const C = MENU_COPY.categories;

/**
 * The category tree: select, add, rename, hide, delete (when empty), and arrows to reorder. The
 * selected category shows its actions, so every name stays readable on a tablet.
 */
export function CategoryPanel({
  rid,
  menu,
  selected,
  onSelect,
  change,
}: {
  rid: number;
  menu: ConsoleMenu;
  selected: number | null;
  onSelect(id: number): void;
  change: Change;
}) {
  const [naming, setNaming] = useState<{ parentId: number | null; category?: ConsoleCategory } | null>(null);
  const [name, setName] = useState("");
  const firsts = menu.categories.filter((c) => c.parentId === null);
  const childrenOf = (id: number) => menu.categories.filter((c) => c.parentId === id);
  const dishCount = (id: number) =>
    menu.dishes.filter((d) => d.categoryId === id || d.secondCategoryId === id).length;

  const reorder = (siblings: ConsoleCategory[], index: number, step: -1 | 1, parentId: number | null) =>
    change(() =>
      menuApi.orderCategories(
        rid,
        parentId,
        moved(siblings, index, step).map((c) => c.id),
      ),
    );

  const row = (category: ConsoleCategory, siblings: ConsoleCategory[], index: number) => (
    <List.Item
      key={category.id}
      className={`menu-category${category.id === selected ? " is-selected" : ""}${category.parentId ? " is-second" : ""}`}
      onClick={() => onSelect(category.id)}
      data-testid={`category-${category.id}`}
    >
      <div className="menu-category-name">
        {category.name}
        <span className="menu-category-count">{dishCount(category.id)}</span>
        {category.hidden ? <Tag>{C.hidden}</Tag> : null}
      </div>
      {category.id !== selected ? null : (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Tooltip title={C.moveUp}>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={index === 0}
              onClick={() => reorder(siblings, index, -1, category.parentId)}
              aria-label={C.moveUp}
            />
          </Tooltip>
          <Tooltip title={C.moveDown}>
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={index === siblings.length - 1}
              onClick={() => reorder(siblings, index, 1, category.parentId)}
              aria-label={C.moveDown}
            />
          </Tooltip>
          <Tooltip title={C.rename}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              onClick={() => {
                setName(category.name);
                setNaming({ parentId: category.parentId, category });
              }}
              aria-label={C.rename}
            />
          </Tooltip>
          <Tooltip title={category.hidden ? C.show : C.hide}>
            <Button
              type="text"
              size="small"
              icon={category.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
              onClick={() =>
                change(() => menuApi.updateCategory(rid, category, { hidden: !category.hidden }))
              }
              aria-label={category.hidden ? C.show : C.hide}
            />
          </Tooltip>
          <Popconfirm
            title={C.removeConfirm(category.name)}
            onConfirm={() => change(() => menuApi.deleteCategory(rid, category))}
          >
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={C.remove} />
          </Popconfirm>
        </Space>
      )}
    </List.Item>
  );

  return (
    <Card
      size="small"
      title={C.heading}
      extra={
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            setName("");
            setNaming({ parentId: null });
          }}
        >
          {C.add}
        </Button>
      }
    >
      <List
        size="small"
        dataSource={firsts}
        locale={{ emptyText: C.empty }}
        renderItem={(category, index) => {
          const seconds = childrenOf(category.id);
          return (
            <>
              {row(category, firsts, index)}
              {seconds.map((second, i) => row(second, seconds, i))}
              {category.id === selected ? (
                // an item of the list too: a <ul> holds only <li>s (WCAG 1.3.1)
                <List.Item className="menu-category-add">
                  <Button
                    type="link"
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() => {
                      setName("");
                      setNaming({ parentId: category.id });
                    }}
                  >
                    {C.addSecond}
                  </Button>
                </List.Item>
              ) : null}
            </>
          );
        }}
      />
      <Modal
        open={naming !== null}
        title={naming?.category ? C.rename : naming?.parentId ? C.addSecond : C.add}
        onCancel={() => setNaming(null)}
        onOk={() => {
          const target = naming;
          setNaming(null);
          if (!target || name.trim() === "") return;
          void change(() =>
            target.category
              ? menuApi.updateCategory(rid, target.category, { name: name.trim() })
              : menuApi.createCategory(rid, { name: name.trim(), parentId: target.parentId }),
          );
        }}
      >
        <Input
          value={name}
          maxLength={20}
          placeholder={C.namePlaceholder}
          onChange={(e) => setName(e.target.value)}
        />
      </Modal>
    </Card>
  );
}

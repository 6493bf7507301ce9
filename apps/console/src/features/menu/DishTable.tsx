import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  PlusOutlined,
} from "@ant-design/icons";
import type { ConsoleCategory, ConsoleDish, ConsoleMenu } from "@tablemate/core";
import { Avatar, Button, Popconfirm, Space, Table, Tag, Tooltip } from "antd";
import { menuApi } from "../../api/menu.js";
import { MENU_COPY } from "../../copy/index.js";
import { moved } from "./dish-form.js";
import type { Change } from "./MenuPage.js";

const C = MENU_COPY.dishes;

/** The price as the menu shows it: 时价, or ¥ with 起 for a starting price. */
function priceText(dish: ConsoleDish): string {
  if (dish.marketPrice) return C.marketPrice;
  if (dish.pricingType === 1 && dish.startPrice !== null) return C.startingPrice(dish.startPrice);
  return `¥${dish.price}`;
}

/** The dishes of one category (or second category), in order, with their actions. */
export function DishTable({
  rid,
  menu,
  category,
  change,
  onEdit,
  onCreate,
}: {
  rid: number;
  menu: ConsoleMenu;
  category: ConsoleCategory;
  change: Change;
  onEdit(dish: ConsoleDish): void;
  onCreate(): void;
}) {
  const dishes = menu.dishes
    .filter((d) =>
      category.parentId === null ? d.categoryId === category.id : d.secondCategoryId === category.id,
    )
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  const reorder = (index: number, step: -1 | 1) =>
    change(() =>
      menuApi.orderDishes(
        rid,
        category.id,
        moved(dishes, index, step).map((d) => d.id),
      ),
    );

  return (
    <>
      <div className="menu-dishes-head">
        <strong>{category.name}</strong>
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="dish-create">
          {C.add}
        </Button>
      </div>
      <Table<ConsoleDish>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={dishes}
        locale={{ emptyText: C.empty }}
        scroll={{ y: 540 }}
        columns={[
          {
            title: C.columns.image,
            width: 56,
            render: (_, dish) => (
              <Avatar shape="square" size={40} src={dish.imageUrl || undefined} alt={dish.name} />
            ),
          },
          {
            title: C.columns.name,
            render: (_, dish) => (
              <div data-testid={`dish-row-${dish.id}`}>
                <div className="menu-dish-name">{dish.name}</div>
                {dish.foodproperty !== 0 ? <Tag color="purple">{C.combo}</Tag> : null}
                {dish.weigh ? <Tag color="cyan">{C.weighed}</Tag> : null}
                {dish.hidden ? <Tag>{C.hidden}</Tag> : null}
                {dish.estimate === 0 ? <Tag color="red">{C.soldOut}</Tag> : null}
                {dish.allergens === null ? <Tag color="orange">{MENU_COPY.allergens.tag}</Tag> : null}
              </div>
            ),
          },
          { title: C.columns.price, width: 96, render: (_, dish) => priceText(dish) },
          {
            title: C.columns.actions,
            width: 196,
            render: (_, dish, index) => (
              <Space size={4}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  onClick={() => reorder(index, -1)}
                  aria-label={C.moveUp}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={index === dishes.length - 1}
                  onClick={() => reorder(index, 1)}
                  aria-label={C.moveDown}
                />
                <Button
                  size="small"
                  type="primary"
                  ghost
                  onClick={() => onEdit(dish)}
                  data-testid={`dish-edit-${dish.id}`}
                >
                  {C.edit}
                </Button>
                <Tooltip title={dish.hidden ? C.show : C.hide}>
                  <Button
                    size="small"
                    type="text"
                    icon={dish.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                    onClick={() => change(() => menuApi.setDishHidden(rid, dish, !dish.hidden))}
                    aria-label={dish.hidden ? C.show : C.hide}
                  />
                </Tooltip>
                <Popconfirm
                  title={C.removeConfirm(dish.name)}
                  onConfirm={() => change(() => menuApi.deleteDish(rid, dish))}
                >
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={C.remove} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

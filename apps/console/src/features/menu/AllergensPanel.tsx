import type { ConsoleDish, ConsoleMenu } from "@tablemate/core";
import { Alert, Button, Table } from "antd";
import { MENU_COPY } from "../../copy/index.js";

const C = MENU_COPY.allergens;

/** The dishes whose allergens are still undeclared (null, not "none"): issue 29. */
export function undeclaredDishes(menu: ConsoleMenu): ConsoleDish[] {
  return menu.dishes.filter((d) => d.allergens === null);
}

/** Which dishes still have to declare their allergens, each a click from its editor. */
export function AllergensPanel({ menu, onEdit }: { menu: ConsoleMenu; onEdit(dish: ConsoleDish): void }) {
  const undeclared = undeclaredDishes(menu);
  const categoryName = new Map(menu.categories.map((c) => [c.id, c.name]));
  return (
    <div data-testid="allergens-panel">
      <Alert
        type={undeclared.length > 0 ? "warning" : "success"}
        showIcon
        message={undeclared.length > 0 ? C.undeclared(undeclared.length, menu.dishes.length) : C.allDeclared}
        description={C.hint}
        style={{ marginBottom: 12 }}
      />
      {undeclared.length > 0 ? (
        <Table<ConsoleDish>
          rowKey="id"
          size="small"
          dataSource={undeclared}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            { title: C.columns.name, dataIndex: "name" },
            { title: C.columns.category, render: (_, dish) => categoryName.get(dish.categoryId) ?? "" },
            {
              title: C.columns.actions,
              width: 120,
              render: (_, dish) => (
                <Button size="small" onClick={() => onEdit(dish)} data-testid={`declare-${dish.id}`}>
                  {C.edit}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}

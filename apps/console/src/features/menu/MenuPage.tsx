import type { ConsoleMenu } from "@tablemate/core";
import { Alert, App, Card, Col, Row, Spin, Tabs } from "antd";
import { useCallback, useEffect, useState } from "react";
import { menuApi } from "../../api/menu.js";
import { MENU_COPY } from "../../copy/index.js";
import { useWorkplace } from "../session/session-store.js";
import { AllergensPanel, undeclaredDishes } from "./AllergensPanel.js";
import { CategoryPanel } from "./CategoryPanel.js";
import { DishEditor, type DishEditorProps } from "./DishEditor.js";
import { DishTable } from "./DishTable.js";
import { MemosPanel } from "./MemosPanel.js";
import { RecommendsPanel } from "./RecommendsPanel.js";
import { TranslationsPanel } from "./TranslationsPanel.js";
import "./menu.css";

/**
 * /console/menu: categories beside their dishes, the dish editor, 老板推荐, the taste memos, the dishes
 * whose allergens are undeclared, and the menu's translations.
 */
export default function MenuPage() {
  const { restaurantId: rid } = useWorkplace();
  const { message } = App.useApp();
  const [menu, setMenu] = useState<ConsoleMenu | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [editor, setEditor] = useState<DishEditorProps["target"] | null>(null);

  const reload = useCallback(async () => {
    try {
      const next = await menuApi.menu(rid);
      setMenu(next);
      setFailed(null);
      setSelected((current) =>
        current !== null && next.categories.some((c) => c.id === current)
          ? current
          : (next.categories.find((c) => c.parentId === null)?.id ?? null),
      );
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  }, [rid]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Runs a change, then shows the menu as the server has it (a refusal says why). */
  const change = useCallback(
    async (action: () => Promise<unknown>, done?: string) => {
      try {
        await action();
        if (done) message.success(done);
      } catch (error) {
        message.error(error instanceof Error ? error.message : String(error));
      }
      await reload();
    },
    [message, reload],
  );

  if (failed && !menu) return <Alert type="error" message={failed} showIcon />;
  if (!menu) return <Spin size="large" />;
  const category = menu.categories.find((c) => c.id === selected) ?? null;

  return (
    <div className="menu-page" data-testid="menu-page">
      <Tabs
        items={[
          {
            key: "dishes",
            label: MENU_COPY.tabs.dishes,
            children: (
              <Row gutter={16} wrap={false}>
                <Col flex="250px">
                  <CategoryPanel
                    rid={rid}
                    menu={menu}
                    selected={selected}
                    onSelect={setSelected}
                    change={change}
                  />
                </Col>
                <Col flex="auto" style={{ minWidth: 0 }}>
                  <Card size="small">
                    {category ? (
                      <DishTable
                        rid={rid}
                        menu={menu}
                        category={category}
                        change={change}
                        onEdit={(dish) => setEditor({ dish })}
                        onCreate={() =>
                          setEditor(
                            category.parentId === null
                              ? { categoryId: category.id, secondCategoryId: null }
                              : { categoryId: category.parentId, secondCategoryId: category.id },
                          )
                        }
                      />
                    ) : (
                      MENU_COPY.categories.empty
                    )}
                  </Card>
                </Col>
              </Row>
            ),
          },
          {
            key: "recommends",
            label: MENU_COPY.tabs.recommends,
            children: <RecommendsPanel rid={rid} menu={menu} change={change} />,
          },
          {
            key: "memos",
            label: MENU_COPY.tabs.memos,
            children: <MemosPanel rid={rid} menu={menu} change={change} />,
          },
          {
            key: "allergens",
            label: MENU_COPY.tabs.allergens(undeclaredDishes(menu).length),
            children: <AllergensPanel menu={menu} onEdit={(dish) => setEditor({ dish })} />,
          },
          {
            key: "translations",
            label: MENU_COPY.tabs.translations,
            children: <TranslationsPanel rid={rid} menu={menu} />,
          },
        ]}
      />
      {editor ? (
        <DishEditor
          rid={rid}
          menu={menu}
          target={editor}
          onClose={() => setEditor(null)}
          onSaved={() => {
            setEditor(null);
            void reload();
          }}
        />
      ) : null}
    </div>
  );
}

export type Change = (action: () => Promise<unknown>, done?: string) => Promise<void>;

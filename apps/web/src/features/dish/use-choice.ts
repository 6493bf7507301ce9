import {
  type ComboGroup,
  chooseMethod,
  comboGroups,
  type Dish,
  type LineChoice,
  startingChoice,
  togglePart,
  unfinishedGroups,
  withAdditionCount,
} from "@tablemate/core";
import { useCallback, useMemo, useRef, useState } from "react";
import { DISH_COPY } from "../../copy.js";
import { showToast } from "../loading/toast.js";

export interface ChoiceEditor {
  choice: LineChoice;
  groups: ComboGroup[];
  /** combo groups still short of their pick: the add waits for them */
  unfinished: ComboGroup[];
  chooseNorm(normId: number): void;
  chooseMethod(methodId: number): void;
  setAddition(id: number, count: number): void;
  togglePart(group: ComboGroup, itemId: number): void;
  /** starts from this choice instead, unless the diner already chose something (stable across renders) */
  startWith(choice: LineChoice): void;
}

/** The choice being made in a modal or page, starting from the defaults; every edit is a core rule. */
export function useChoice(dish: Dish): ChoiceEditor {
  const [choice, setChosen] = useState(() => startingChoice(dish));
  const touched = useRef(false);
  const setChoice: typeof setChosen = (next) => {
    touched.current = true;
    setChosen(next);
  };
  const startWith = useCallback((start: LineChoice) => {
    if (!touched.current) setChosen(start);
  }, []);
  const groups = useMemo(() => comboGroups(dish), [dish]);
  return {
    choice,
    groups,
    unfinished: unfinishedGroups(groups, choice.parts),
    chooseNorm: (normId) => setChoice((c) => ({ ...c, normId })),
    chooseMethod: (methodId) =>
      setChoice((c) => ({ ...c, methodIds: chooseMethod(dish, c.methodIds, methodId) })),
    setAddition: (id, count) =>
      setChoice((c) => ({ ...c, additions: withAdditionCount(c.additions, id, count) })),
    togglePart: (group, itemId) => {
      const result = togglePart(group, choice.parts, itemId);
      if (result.ok) setChoice({ ...choice, parts: result.parts });
      else if (result.reason === "full") showToast(DISH_COPY.groupFull(group.pick));
    },
    startWith,
  };
}

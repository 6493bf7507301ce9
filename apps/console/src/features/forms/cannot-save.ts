import { App, type FormProps } from "antd";
import { useCallback } from "react";
import { COMMON_COPY } from "../../copy/index.js";

type Refusal = Pick<Parameters<NonNullable<FormProps["onFinishFailed"]>>[0], "errorFields">;

/** Why a form was not sent: its first refused field's words, and how many more are refused. */
export function notSavedText(info: Refusal): string {
  const refused = info.errorFields.filter((f) => f.errors.length > 0);
  const first = refused[0]?.errors[0] ?? "";
  return COMMON_COPY.notSaved(first, refused.length - 1);
}

/**
 * A form's onFinishFailed: a form that cannot save says why (a toast naming the first refused field;
 * with scrollToFirstError the field comes into view), instead of a 保存 that seems to do nothing.
 */
export function useNotSaved(): (info: Refusal) => void {
  const { message } = App.useApp();
  return useCallback((info) => void message.error(notSavedText(info)), [message]);
}

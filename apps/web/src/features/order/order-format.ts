import { ORDER_COPY } from "./order-copy.js";

export function statusText(status: number): string {
  return ORDER_COPY.statuses[status] ?? ORDER_COPY.unknownStatus;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 'MM-DD HH:mm' in the phone's clock: the diner reads times where they sit. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

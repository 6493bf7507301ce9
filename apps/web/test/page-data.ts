import { PAGE_DATA_ELEMENT_ID } from "@tablemate/core";

/** Puts page data into the document as the server does (any shape: tests check the reader too). */
export function injectPageData(data: unknown): void {
  removePageData();
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = PAGE_DATA_ELEMENT_ID;
  element.textContent = JSON.stringify(data);
  document.body.append(element);
}

export function removePageData(): void {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
}

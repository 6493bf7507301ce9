/**
 * Copies text to the clipboard on any origin. The asynchronous Clipboard API exists only in a secure
 * context, and a shop's tablet opens the console over its plain-http LAN address; a selected, hidden
 * textarea and the copy command work on both. Answers whether the browser copied.
 */
export function copyText(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Text put into HTML the server writes (a name, a description): every character that could end it escaped. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// antd 5's message, modal and notification render with React 19 only through this patch
import "@ant-design/v5-patch-for-react-19";
import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { COMMON_COPY } from "./copy/index.js";
import { watchUnauthorized } from "./features/session/session-store.js";
import { browserLocale, setLocale } from "./i18n/locale.js";

watchUnauthorized(() => COMMON_COPY.sessionExpired);

const container = document.getElementById("root");
// the first render is in the staff member's language: its catalogue (if not zh-CN) loads first
void setLocale(browserLocale(), false).then(() => {
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

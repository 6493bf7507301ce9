// antd 5's message, modal and notification render with React 19 only through this patch
import "@ant-design/v5-patch-for-react-19";
import "./styles.css";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.js";
import { COMMON_COPY } from "./copy/index.js";
import { watchUnauthorized } from "./features/session/session-store.js";

dayjs.locale("zh-cn");
watchUnauthorized(COMMON_COPY.sessionExpired);

const container = document.getElementById("root");
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

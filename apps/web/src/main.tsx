import "./antd-setup.js";
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { readPageData } from "./config.js";
import { AppRouter } from "./router/AppRouter.js";

const container = document.getElementById("root");
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppRouter config={readPageData().config} />
    </StrictMode>,
  );
}

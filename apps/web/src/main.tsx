import "./antd-setup.js";
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { readPageData } from "./config.js";
import { createAppRouter } from "./router/create-app-router.js";
import { trackNavigation } from "./router/track-navigation.js";

const router = createAppRouter(readPageData().config);
trackNavigation(router);

const container = document.getElementById("root");
if (container) {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

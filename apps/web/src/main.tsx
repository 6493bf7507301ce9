import "./antd-setup.js";
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { readPageData } from "./config.js";
import { AppRouter } from "./router/AppRouter.js";
import { adoptServerFirstScreen } from "./router/first-screen.js";
import { adoptPageState, pageMenuState } from "./store/page-menu.js";

const pageData = readPageData();
// the state the server rendered the first screen from, so the first render is the same screen
adoptPageState(pageMenuState(pageData));

const container = document.getElementById("root");
if (container) {
  const app = (
    <StrictMode>
      <AppRouter config={pageData.config} />
    </StrictMode>
  );
  // adopting the server's first screen keeps its painted images: nothing is drawn twice
  const adopted = adoptServerFirstScreen(pageData, window.location, window.history);
  if (container.hasChildNodes() && adopted) {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.warn("the first screen was drawn again", error),
    });
  } else {
    createRoot(container).render(app);
  }
}

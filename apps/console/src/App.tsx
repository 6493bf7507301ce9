import { App as AntApp, ConfigProvider } from "antd";
import { lazy, type ReactNode, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { ConsoleLayout } from "./features/layout/ConsoleLayout.js";
import { PageGate } from "./features/pages/PageGate.js";
import { PageLoading } from "./features/pages/PageLoading.js";
import { RequireSession } from "./features/session/RequireSession.js";
import { currentAntdLocale, useLocale } from "./i18n/locale.js";
import { type ConsolePage, PAGES } from "./pages.js";

const LoginPage = lazy(() => import("./features/session/LoginPage.js"));
const HomePage = lazy(() => import("./features/home/HomePage.js"));
const NotFoundPage = lazy(() => import("./features/not-found/NotFoundPage.js"));

/** The base the server serves the console under (apps/server/src/web/console-shell.ts). */
export const CONSOLE_BASENAME = "/console";

/** The routes: the login page, then every registry page inside the signed-in layout. */
export function ConsoleRoutes({ pages = PAGES }: { pages?: readonly ConsolePage[] }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          element={
            <RequireSession>
              <ConsoleLayout />
            </RequireSession>
          }
        >
          <Route index element={<HomePage />} />
          {pages.map((page) => (
            <Route key={page.path} path={`${page.path}/*`} element={<PageGate page={page} />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

/**
 * antd in the language shown (its own texts, dates; i18n/locale.ts), sized for fingers on a tablet, and the app's message and
 * modal context, in colours that read at AA contrast. Buttons keep their words as written (antd would space out two Chinese characters).
 */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  // renders again when the language changes, for antd's words; the layout renders our own again
  useLocale();
  return (
    <ConfigProvider
      locale={currentAntdLocale()}
      button={{ autoInsertSpace: false }}
      theme={{
        token: {
          fontSize: 15,
          controlHeight: 36,
          // text and status colours that read at 4.5:1 or more (WCAG AA, issue 28); antd's own are lighter
          // the primary and link blue, and the secondary text, are styles.css's --console-* too
          colorPrimary: "#0958d9",
          colorLink: "#0958d9",
          colorInfo: "#0958d9",
          colorError: "#cf1322",
          colorSuccess: "#237804",
          colorWarning: "#ad6800",
          colorTextTertiary: "rgba(0, 0, 0, 0.62)",
          colorTextDescription: "rgba(0, 0, 0, 0.62)",
        },
        // the side menu's 16 rows, its logo and the collapse button fit a 768 px tall screen
        components: {
          Menu: { itemHeight: 36, itemMarginBlock: 2 },
          // an empty table's words are drawn in the disabled grey (1.8:1): as secondary text instead
          Table: { colorTextDisabled: "rgba(0, 0, 0, 0.62)" },
        },
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <ConsoleProviders>
      <BrowserRouter basename={CONSOLE_BASENAME}>
        <ConsoleRoutes />
      </BrowserRouter>
    </ConsoleProviders>
  );
}

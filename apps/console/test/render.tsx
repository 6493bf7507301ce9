import { render } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { ConsoleProviders, ConsoleRoutes } from "../src/App.js";

/** Where the router is, for assertions: the path and query under /console. */
export const at = { path: "" };

function Where() {
  const location = useLocation();
  at.path = `${location.pathname}${location.search}`;
  return null;
}

/** The console's routes at a path (under /console), as the app renders them. */
export function renderConsole(path: string) {
  return render(
    <ConsoleProviders>
      <MemoryRouter initialEntries={[path]}>
        <Where />
        <ConsoleRoutes />
      </MemoryRouter>
    </ConsoleProviders>,
  );
}

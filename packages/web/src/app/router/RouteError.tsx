import { isRouteErrorResponse, useRouteError } from "react-router";
import { Header } from "../layout/Header";
import "../layout/layout.css";
import { ErrorView } from "../../components/ErrorView";

/** Shown when rendering a route throws: the header and the 500 (or 404) screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const code = isRouteErrorResponse(error) && error.status === 404 ? 404 : 500;
  return (
    <div className="app">
      <Header />
      <main className="app-main app-main--full" id="main" tabIndex={-1}>
        <ErrorView code={code} />
      </main>
    </div>
  );
}

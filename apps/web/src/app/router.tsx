import { Navigate, createBrowserRouter, type RouteObject } from "react-router";
import { ROUTES, type AppRoute } from "./routes.tsx";
import { Root } from "./root.tsx";
import { BareLayout, PublicLayout, RequireAuth, RouteGate } from "./layouts.tsx";
import { ShellLayout } from "./shell/shell-layout.tsx";

function toRouteObject(route: AppRoute): RouteObject {
  return {
    path: route.path,
    handle: { menu: route.menu },
    element: route.only ? <RouteGate only={route.only}>{route.element}</RouteGate> : route.element,
  };
}

const publicRoutes = ROUTES.filter((r) => !r.auth);
const shellRoutes = ROUTES.filter((r) => r.auth && r.nav);
const bareRoutes = ROUTES.filter((r) => r.auth && !r.nav);

/** History-mode routes from the root (spec part 1 §2); any unknown path goes to /login. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { element: <PublicLayout />, children: publicRoutes.map(toRouteObject) },
      {
        element: <RequireAuth />,
        children: [
          { element: <ShellLayout />, children: shellRoutes.map(toRouteObject) },
          { element: <BareLayout />, children: bareRoutes.map(toRouteObject) },
        ],
      },
      { path: "*", element: <Navigate to="/login" replace /> },
    ],
  },
]);

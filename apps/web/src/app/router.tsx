import { Suspense } from "react";
import { BrowserRouter, Navigate, Outlet, useRoutes, type RouteObject } from "react-router";
import { ROUTES, type AppRoute } from "./routes.tsx";
import { Root } from "./root.tsx";
import { BareLayout, PublicLayout, RequireAuth, RouteGate } from "./layouts.tsx";
import { lazyPart } from "./lazy/lazy-screen.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";
import { FullPageLoader } from "../ui/loaders.tsx";

/** The drawer, the top bar and their dialogs: signed-in screens only, so not in the sign-in page's download. */
const ShellLayout = lazyPart("shell", () => import("./shell/shell-layout.tsx").then((m) => m.ShellLayout));

function toRouteObject(route: AppRoute): RouteObject {
  const screen = route.only ? <RouteGate only={route.only}>{route.element}</RouteGate> : route.element;
  return {
    path: route.path,
    // The screen's group is loaded on demand; a group that cannot be loaded shows ScreenError in its place.
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<FullPageLoader />}>{screen}</Suspense>
      </RouteErrorBoundary>
    ),
  };
}

const publicRoutes = ROUTES.filter((r) => !r.auth);
const shellRoutes = ROUTES.filter((r) => r.auth && r.nav);
const bareRoutes = ROUTES.filter((r) => r.auth && !r.nav);

/**
 * History-mode routes from the root (spec part 1 §2); any unknown path goes to /login. Declared
 * for `useRoutes`, not a data router: Relais loads its data with TanStack Query, and the data
 * router's loaders and actions weighed 16 KB gzip of the first page (decision 0051).
 */
const TREE: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        // Errors of the layouts (the shell failing to load) show here, inside the language provider.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          { element: <PublicLayout />, children: publicRoutes.map(toRouteObject) },
          {
            element: <RequireAuth />,
            children: [
              {
                element: (
                  <Suspense fallback={<FullPageLoader />}>
                    <ShellLayout />
                  </Suspense>
                ),
                children: shellRoutes.map(toRouteObject),
              },
              { element: <BareLayout />, children: bareRoutes.map(toRouteObject) },
            ],
          },
          { path: "*", element: <Navigate to="/login" replace /> },
        ],
      },
    ],
  },
];

function AppRoutes() {
  return useRoutes(TREE);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

import { Component, type ReactNode } from "react";
import { useLocation } from "react-router";
import { ScreenError } from "./lazy/lazy-screen.tsx";

interface BoundaryProps {
  /** The path shown when the error was caught: going elsewhere clears it. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The path the error belongs to, or null while there is none. */
  failedAt: string | null;
}

/** React catches render errors only in a class component. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.pathname };
    // A link followed from the error screen (the drawer's) shows that screen again.
    return state.failedAt === props.pathname ? null : { error: null, failedAt: null };
  }

  override render() {
    return this.state.error === null ? this.props.children : <ScreenError error={this.state.error} />;
  }
}

/**
 * A screen, or a layout, that fails to render (its part cannot be loaded even after a reload, or
 * it throws) shows ScreenError in its place, inside the layouts around it; leaving for another path
 * tries again. (decision 0051: the declarative router has no route error elements.)
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}

import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { PageSkeleton, type PageSkeletonVariant } from '@/components/ui/page-skeleton';
import { AfterFirstPaint } from './first-paint';
import type { PageText } from '@/config/page-text';

/** A code-split page whose code can be fetched before it renders (`preload`, idempotent). */
// `any` as in React's own `lazy`: a page may take any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export type LazyPage<C extends AnyComponent = AnyComponent> = LazyExoticComponent<C> & {
  preload: () => Promise<unknown>;
};

/** What a route tells the shell before its page's code is there: its skeleton, and how to fetch it. */
export interface PageHandle {
  skeleton: PageSkeletonVariant;
  preload?: () => Promise<unknown>;
  text?: PageText | undefined;
}

export function lazyPage<C extends AnyComponent>(load: () => Promise<{ default: C }>): LazyPage<C> {
  let loading: Promise<{ default: C }> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed fetch (offline, a new deploy) is tried again next time
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}

/**
 * A part of the shell that is not needed for the first screen (the search, the account menu, the chat):
 * `fallback` until `load` resolves, then the component, mounted by a state update of its own. Not
 * React.lazy: React reveals Suspense boundaries that resolve within 300 ms of each other in one commit, so
 * these parts were drawn in the same long task as the page; a state update commits on its own.
 * A failed load keeps the fallback (the next mount tries again).
 */
export function lateComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const get = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function Late({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return;
      let active = true;
      get().then(
        (component) => active && setComponent(() => component),
        () => undefined,
      );
      return () => {
        active = false;
      };
    }, [Component]);
    return Component ? <Component {...(props as P)} /> : fallback;
  }
  return Late;
}

/** The handle of the deepest route that matches `pathname` among `routes`, if it has one. */
export function pageHandleFor(routes: RouteObject[], pathname: string): PageHandle | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const match of [...matches].reverse()) {
    const handle = match.route.handle as PageHandle | undefined;
    if (handle?.skeleton) return handle;
  }
  return undefined;
}

/**
 * A signed-in page's route: the page suspends inside the shell behind a skeleton of its own shape; on a
 * cold load its code is asked for right after the shell's first paint (first-paint.tsx), and the handle
 * lets the shell fetch it beside the shell's own code (app-root.tsx). `text`: the
 * page's fixed heading, shown in the skeleton (config/page-text.ts).
 */
export function pageRoute(
  path: string,
  Page: Pick<LazyPage, 'preload'>,
  skeleton: PageSkeletonVariant,
  element: ReactNode,
  text?: PageText,
): RouteObject {
  const handle: PageHandle = { skeleton, preload: Page.preload, text };
  return {
    path,
    handle,
    element: (
      <Suspense fallback={<PageSkeleton variant={skeleton} text={text} />}>
        <AfterFirstPaint>{element}</AfterFirstPaint>
      </Suspense>
    ),
  };
}

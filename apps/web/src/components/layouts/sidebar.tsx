import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from 'react-router';
import { ChevronDown, LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { User } from '@recruitdesk/contracts/users';
import { cn } from '@/components/ui/cn';
import { Logo } from '@/components/ui/logo';
import { isNavGroup, navIcon, sidebarSections, type NavGroup, type NavItem } from '@/config/navigation';
import { SideTooltip } from './tooltip';

const rowBase =
  'group relative flex w-full items-center gap-3 rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400';
const rowIdle =
  'text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-white/5 dark:hover:text-white';
const rowActive = 'bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300';

function SidebarLink({ item, collapsed, nested = false }: { item: NavItem; collapsed: boolean; nested?: boolean }) {
  const Icon = navIcon(item.id);
  return (
    <SideTooltip label={item.label} enabled={collapsed}>
      {(handlers) => (
        <NavLink
          to={item.href}
          aria-label={collapsed ? item.label : undefined}
          className={({ isActive }) =>
            cn(
              rowBase,
              collapsed ? 'h-9 justify-center' : cn('h-9 px-2.5', nested && 'h-8 pl-9'),
              isActive ? rowActive : rowIdle,
            )
          }
          {...handlers}
        >
          {({ isActive }) => (
            <>
              {nested && !collapsed ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute left-[19px] h-full w-px',
                    isActive ? 'bg-brand-500' : 'bg-gray-200 dark:bg-white/10',
                  )}
                />
              ) : (
                <Icon
                  aria-hidden="true"
                  className={cn(
                    'size-[18px] shrink-0',
                    isActive
                      ? 'text-brand-600 dark:text-brand-400'
                      : 'text-gray-400 group-hover:text-gray-600 dark:text-gray-500 dark:group-hover:text-gray-300',
                  )}
                />
              )}
              {collapsed ? null : <span className="truncate">{item.label}</span>}
            </>
          )}
        </NavLink>
      )}
    </SideTooltip>
  );
}

/**
 * Shows `renderPanel()` beside its trigger while the trigger or the panel is hovered or focused (closing
 * after a short delay, so the pointer can travel into the panel). Escape closes it.
 */
function HoverPanel({ renderPanel, children }: { renderPanel: () => ReactNode; children: ReactNode }) {
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Escape keeps it shut until the pointer leaves (a move inside must not bring it back).
  const dismissed = useRef(false);
  const cancelClose = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const open = () => {
    cancelClose();
    const rect = anchor.current?.getBoundingClientRect();
    if (rect) setPos({ top: Math.max(8, rect.top - 8), left: rect.right + 8 });
  };
  const close = () => {
    cancelClose();
    timer.current = setTimeout(() => setPos(null), 150);
  };
  useEffect(() => cancelClose, []);
  const inside = (node: EventTarget | null) =>
    node instanceof Node && (anchor.current?.contains(node) || panel.current?.contains(node));
  return (
    <div
      ref={anchor}
      onMouseEnter={open}
      // A pointer already resting here when this mounted gets no mouseenter; its first move opens the panel.
      onMouseMove={pos || dismissed.current ? undefined : open}
      onMouseLeave={() => {
        dismissed.current = false;
        close();
      }}
      onFocus={open}
      onBlur={(event) => {
        if (!inside(event.relatedTarget)) close();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        dismissed.current = true;
        setPos(null);
      }}
    >
      {children}
      {pos
        ? createPortal(
            <div
              ref={panel}
              style={{ top: pos.top, left: pos.left }}
              className="fixed z-50"
              onMouseEnter={cancelClose}
              onMouseLeave={close}
              onFocus={cancelClose}
              onBlur={(event) => {
                if (!inside(event.relatedTarget)) close();
              }}
            >
              {renderPanel()}
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}

function SidebarGroup({
  group,
  collapsed,
  panels,
}: {
  group: NavGroup;
  collapsed: boolean;
  panels?: Record<string, () => ReactNode> | undefined;
}) {
  const [expanded, setExpanded] = useState(true);
  const listId = useId();
  const Icon = navIcon(group.id);
  if (collapsed) {
    // Icon-only mode: the group's items are shown as icons, each with its own accessible name.
    return (
      <li>
        <ul className="space-y-1 border-y border-gray-100 py-1 dark:border-white/5" aria-label={group.label}>
          {group.children.map((child) => (
            <li key={child.href}>
              <SidebarLink item={child} collapsed />
            </li>
          ))}
        </ul>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((v) => !v)}
        className={cn(rowBase, rowIdle, 'h-9 px-2.5')}
      >
        <Icon
          aria-hidden="true"
          className="size-[18px] shrink-0 text-gray-400 group-hover:text-gray-600 dark:text-gray-500 dark:group-hover:text-gray-300"
        />
        <span className="flex-1 text-left">{group.label}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 text-gray-400 transition-transform', expanded ? 'rotate-0' : '-rotate-90')}
        />
      </button>
      <ul id={listId} hidden={!expanded} className="mt-1 space-y-0.5">
        {group.children.map((child) => {
          const renderPanel = panels?.[child.href];
          return (
            <li key={child.href}>
              {renderPanel ? (
                <HoverPanel renderPanel={renderPanel}>
                  <SidebarLink item={child} collapsed={false} nested />
                </HoverPanel>
              ) : (
                <SidebarLink item={child} collapsed={false} nested />
              )}
            </li>
          );
        })}
      </ul>
    </li>
  );
}

export interface SidebarProps {
  user: User | null;
  onLogout: () => void;
  /** Icon-only mode (large screens). */
  collapsed?: boolean;
  /** Shows the collapse/expand control (large screens only). */
  onToggleCollapsed?: () => void;
  className?: string;
  /**
   * Hover panels for items of the expanded sidebar, by href (e.g. the Active Clients panel on
   * '/jobs/active'); rendered only while shown, so their data loads on first hover.
   */
  hoverPanels?: Record<string, () => ReactNode>;
}

export function Sidebar({
  user,
  onLogout,
  collapsed = false,
  onToggleCollapsed,
  className,
  hoverPanels,
}: SidebarProps) {
  return (
    <div className={cn('flex h-full flex-col bg-white dark:bg-gray-900', className)}>
      <div className={cn('flex h-16 shrink-0 items-center', collapsed ? 'justify-center px-2' : 'px-5')}>
        <Logo showName={!collapsed} />
      </div>
      <nav aria-label="Sidebar" className="flex flex-1 flex-col overflow-y-auto px-3 pb-4">
        {sidebarSections(user).map((section) => {
          const items = section.items;
          const isAdmin = section.title === 'Admin';
          return (
            <div key={section.title} className={cn('pt-4', isAdmin && 'mt-auto')}>
              {collapsed ? (
                <div className="mx-2 mb-2 h-px bg-gray-200 dark:bg-white/10" role="presentation" />
              ) : (
                <h2 className="mb-1.5 px-2.5 text-[11px] font-semibold tracking-wider text-gray-500 uppercase dark:text-gray-400">
                  {section.title}
                </h2>
              )}
              <ul className="space-y-0.5" aria-label={collapsed ? section.title : undefined}>
                {items.map((item) =>
                  isNavGroup(item) ? (
                    <SidebarGroup key={item.id} group={item} collapsed={collapsed} panels={hoverPanels} />
                  ) : (
                    <li key={item.href}>
                      <SidebarLink item={item} collapsed={collapsed} />
                    </li>
                  ),
                )}
                {isAdmin ? (
                  <li>
                    <SideTooltip label="Logout" enabled={collapsed}>
                      {(handlers) => (
                        <button
                          type="button"
                          onClick={onLogout}
                          aria-label={collapsed ? 'Logout' : undefined}
                          className={cn(rowBase, rowIdle, collapsed ? 'h-9 justify-center' : 'h-9 px-2.5')}
                          {...handlers}
                        >
                          <LogOut
                            aria-hidden="true"
                            className="size-[18px] shrink-0 text-gray-400 group-hover:text-gray-600 dark:text-gray-500 dark:group-hover:text-gray-300"
                          />
                          {collapsed ? null : <span>Logout</span>}
                        </button>
                      )}
                    </SideTooltip>
                  </li>
                ) : null}
              </ul>
            </div>
          );
        })}
      </nav>
      {onToggleCollapsed ? (
        <div className={cn('border-t border-gray-200 p-3 dark:border-white/10', collapsed && 'flex justify-center')}>
          <SideTooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} enabled={collapsed}>
            {(handlers) => (
              <button
                type="button"
                onClick={onToggleCollapsed}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                className={cn(rowBase, rowIdle, collapsed ? 'h-9 w-9 justify-center' : 'h-9 px-2.5')}
                {...handlers}
              >
                {collapsed ? (
                  <PanelLeftOpen aria-hidden="true" className="size-[18px] text-gray-400" />
                ) : (
                  <>
                    <PanelLeftClose aria-hidden="true" className="size-[18px] text-gray-400" />
                    <span aria-hidden="true">Collapse</span>
                  </>
                )}
              </button>
            )}
          </SideTooltip>
        </div>
      ) : null}
    </div>
  );
}

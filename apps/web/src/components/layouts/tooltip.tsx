import { useState, type ReactElement, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * A hover/focus label to the right of an icon-only control. Decorative (aria-hidden): the control
 * itself carries the accessible name.
 */
export function SideTooltip({
  label,
  enabled,
  children,
}: {
  label: ReactNode;
  enabled: boolean;
  children: (handlers: {
    onMouseEnter: (e: React.MouseEvent<HTMLElement>) => void;
    onMouseLeave: () => void;
    onFocus: (e: React.FocusEvent<HTMLElement>) => void;
    onBlur: () => void;
  }) => ReactElement;
}) {
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const show = (el: HTMLElement) => {
    if (!enabled) return;
    const rect = el.getBoundingClientRect();
    setPos({ top: rect.top + rect.height / 2, left: rect.right + 8 });
  };
  const hide = () => setPos(null);
  return (
    <>
      {children({
        onMouseEnter: (e) => show(e.currentTarget),
        onMouseLeave: hide,
        onFocus: (e) => show(e.currentTarget),
        onBlur: hide,
      })}
      {enabled && pos
        ? createPortal(
            <div
              aria-hidden="true"
              style={{ top: pos.top, left: pos.left }}
              className="pointer-events-none fixed z-50 -translate-y-1/2 rounded-md bg-gray-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white shadow-lg dark:bg-gray-700"
            >
              {label}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

import { useId, useState } from 'react';
import { Info } from 'lucide-react';

/**
 * A figure's definition, shown on hover, on keyboard focus and on tap (phones have no hover); Escape or
 * moving away closes it. The text is also the button's description, so a screen reader hears it with the name.
 */
export function HelpTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="relative inline-flex" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-label={`About ${label}`}
        aria-describedby={id}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="rounded-full text-gray-400 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:hover:text-gray-200"
      >
        <Info aria-hidden="true" className="size-4" />
      </button>
      <span
        id={id}
        role="tooltip"
        className={
          open
            ? 'absolute top-6 left-1/2 z-20 w-64 -translate-x-1/2 rounded-lg bg-gray-900 px-3 py-2 text-xs leading-relaxed font-normal text-white shadow-lg dark:bg-gray-700'
            : 'sr-only'
        }
      >
        {text}
      </span>
    </span>
  );
}

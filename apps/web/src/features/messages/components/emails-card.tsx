import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Mail } from 'lucide-react';
import type { MessageRecordType } from '@recruitdesk/contracts/messages';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import type { ComposeOptions } from './compose-window';
import { Timeline } from './timeline';

// The compose window and its editor load on the first "Email" or "Reply", not with the page.
const ComposeWindow = lazy(() => import('./compose-window'));

/** Opens the compose window (lazily) with these options; renders the window while it is open. */
export function useComposeWindow() {
  const dispatch = useAppDispatch();
  const [options, setOptions] = useState<ComposeOptions | null>(null);
  const [generation, setGeneration] = useState(0);
  const open = (next: ComposeOptions) => {
    setGeneration((g) => g + 1);
    setOptions(next);
  };
  const window = options ? (
    <Suspense fallback={null}>
      <ComposeWindow
        key={generation}
        open
        options={options}
        onClose={() => setOptions(null)}
        onSent={(message) =>
          dispatch(notifySuccess(message.send_after ? 'The email is scheduled.' : 'The email is on its way.'))
        }
      />
    </Suspense>
  ) : null;
  return { open, window };
}

/**
 * A record's "Emails" section: its timeline, "Email" (compose with what the page knows) and "Reply" on
 * each message.
 */
export function EmailsCard({
  type,
  id,
  compose,
  canSend,
  actions,
  description,
}: {
  type: MessageRecordType;
  id: number;
  /** The compose window's options for "Email" (recipients, records, the candidate). */
  compose: ComposeOptions;
  canSend: boolean;
  /** More buttons beside "Email" (e.g. "Email submittal"). */
  actions?: ReactNode;
  description?: string;
}) {
  const composer = useComposeWindow();
  return (
    <SectionCard
      id={`${type}-emails`}
      title="Emails"
      description={description}
      flush
      action={
        canSend ? (
          <div className="flex flex-wrap justify-end gap-2">
            {actions}
            <Button size="sm" variant="secondary" onClick={() => composer.open(compose)}>
              <Mail aria-hidden="true" className="size-4" />
              Email
            </Button>
          </div>
        ) : null
      }
    >
      <Timeline
        type={type}
        id={id}
        onReply={canSend ? (message) => composer.open({ ...compose, to: [], replyTo: message }) : undefined}
      />
      {composer.window}
    </SectionCard>
  );
}

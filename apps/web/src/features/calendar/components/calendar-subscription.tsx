import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { DateText } from '@/components/ui/time';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useGetCalendarSubscriptionQuery, useRotateCalendarSubscriptionMutation } from '../api';

/**
 * The profile's calendar subscription (decision 024): only a hash of the address's secret is kept, so
 * the address is shown once, right after it is made; making a new one ends the old one at once.
 */
export function CalendarSubscription() {
  const dispatch = useAppDispatch();
  const fieldId = useId();
  const { data, isLoading, error, refetch, isFetching } = useGetCalendarSubscriptionQuery();
  const [rotate, rotateState] = useRotateCalendarSubscriptionMutation();
  const [url, setUrl] = useState<string | null>(null);

  const make = async () => {
    const result = await rotate();
    if ('data' in result && result.data) setUrl(result.data.subscription.url ?? null);
    return result;
  };
  const renew = useConfirmedMutation({
    run: make,
    success: 'Your new calendar address is ready; the old one no longer works.',
  });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      dispatch(notifySuccess('Calendar address copied.'));
    } catch {
      dispatch(notifyError('Could not copy: select the address and copy it yourself.'));
    }
  };

  if (isLoading) {
    return (
      <div aria-hidden="true" className="space-y-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (error || !data)
    return (
      <QueryError
        title="Could not load your calendar subscription."
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );

  const { active, created_at } = data.subscription;
  return (
    <div className="space-y-4">
      {url ? (
        <div className="space-y-2">
          <label htmlFor={fieldId} className="block text-sm font-medium text-gray-900 dark:text-white">
            Your calendar address
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={fieldId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
            />
            <Button variant="secondary" onClick={() => void copy()} className="shrink-0">
              <Copy aria-hidden="true" className="size-4" />
              Copy
            </Button>
          </div>
          <p className="text-sm text-gray-500 dark:text-gray-400">
            Copy it now: it is shown only this once. Anyone with it can read your calendar, so keep it to yourself.
          </p>
        </div>
      ) : active ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">
          You have a calendar address, made {created_at ? <DateText value={created_at} withTime /> : null}. It was shown
          when it was made; if you no longer have it, or someone else might, make a new one.
        </p>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-300">
          Subscribe to your RecruitDesk calendar from Google Calendar, Outlook or Apple Calendar: interviews, role
          dates, retainer instalments and guarantee ends.
        </p>
      )}
      {!active && !url ? (
        <>
          {rotateState.error ? <Alert>{errorMessage(rotateState.error)}</Alert> : null}
          <Button onClick={() => void make()} loading={rotateState.isLoading}>
            Create calendar address
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => renew.ask(true)}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Make a new address
        </Button>
      )}
      <ConfirmDialog
        {...renew.dialog}
        title="Make a new calendar address?"
        description="The current address stops working at once: calendars subscribed to it stop updating until you give them the new one."
        confirmLabel="Make a new address"
        tone="danger"
      />
    </div>
  );
}

/**
 * The Calendar page's way to the same subscription (issue 29 item p: it was only on the profile): a button
 * that opens it in a dialog.
 */
export function CalendarSubscribeButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        Subscribe (iCal)
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Subscribe to your calendar"
        description="Your RecruitDesk calendar in Google Calendar, Outlook or Apple Calendar; also on your profile."
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Done
          </Button>
        }
      >
        <CalendarSubscription />
      </Modal>
    </>
  );
}

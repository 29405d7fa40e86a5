import { useState } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { apiDownloadXlsx, type QueryParams } from '@/lib/api';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Downloads one analytics table as a spreadsheet, with the page's filters (the server builds and names it). */
export function ExportButton({ path, params, label, fallbackName }: { path: string; params: QueryParams; label: string; fallbackName: string }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      aria-label={label}
      onClick={async () => {
        setBusy(true);
        try {
          const filename = await apiDownloadXlsx(path, { params, fallbackName });
          dispatch(notifySuccess(`Downloaded ${filename}.`));
        } catch (error) {
          dispatch(notifyError(errorMessage(error, 'The export could not be downloaded. Please try again.')));
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? null : <FileSpreadsheet aria-hidden="true" className="size-4" />}
      <span className="hidden sm:inline">Export</span>
    </Button>
  );
}

import { useState } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { apiDownloadXlsx } from '@/lib/api';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';

/** Downloads the role's candidates as a spreadsheet (the server names the file). */
export function ExportCandidatesButton({
  roleId,
  label = 'Export to Excel',
  variant = 'secondary',
  size = 'md',
}: {
  roleId: number;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      size={size}
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const filename = await apiDownloadXlsx(`/api/roles/${roleId}/candidates/export/`, {
            fallbackName: `role-${roleId}-candidates.xlsx`,
          });
          dispatch(notifySuccess(`Downloaded ${filename}.`));
        } catch (error) {
          dispatch(notifyError(errorMessage(error, 'The export could not be downloaded. Please try again.')));
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? null : <FileSpreadsheet aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}

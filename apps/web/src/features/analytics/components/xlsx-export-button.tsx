import { useState } from 'react';
import { FileSpreadsheet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { saveBlob } from '@/lib/download';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError } from '@/lib/notify';
import { buildXlsx, type XlsxCell, type XlsxColumn } from '../xlsx';

/** Saves a table of the page as an .xlsx file (built in the browser from the rows shown, decision 036). */
export function XlsxExportButton({
  label,
  fileName,
  sheetName,
  columns,
  rows,
  disabled,
}: {
  label: string;
  fileName: string;
  sheetName: string;
  columns: XlsxColumn[];
  rows: () => XlsxCell[][];
  disabled?: boolean;
}) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      disabled={disabled}
      aria-label={label}
      title={label}
      onClick={async () => {
        setBusy(true);
        try {
          saveBlob(await buildXlsx(sheetName, columns, rows()), fileName);
        } catch (error) {
          dispatch(notifyError(errorMessage(error, 'The spreadsheet could not be made. Please try again.')));
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? null : <FileSpreadsheet aria-hidden="true" className="size-4" />}
      Export
    </Button>
  );
}

import { useState, type FormEvent } from 'react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MAX_CHARS,
  IMPORT_REQUIRED_FIELDS,
  POSTING_STATUS_LABELS,
  type ImportField,
  type ImportPreviewResponse,
  type ImportProblem,
  type ImportUploadResponse,
} from '@recruitdesk/contracts/job-postings';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { usePreviewPostingImportMutation, useRunPostingImportMutation, useUploadPostingReportMutation } from '../api';
import { formatCount, formatMinor } from '../figures';

type Mapping = Partial<Record<ImportField, string>>;

/** The mapping the server suggested, turned field → column. */
export function mappingFromSuggestion(suggested: ImportUploadResponse['suggested_mapping']): Mapping {
  const mapping: Mapping = {};
  for (const [column, field] of Object.entries(suggested)) mapping[field] = column;
  return mapping;
}

/** The problems a refusal lists (row, column, message), if it has them. */
export function problemsOf(error: unknown): ImportProblem[] {
  const data = (error as { data?: { problems?: ImportProblem[] } } | undefined)?.data;
  return Array.isArray(data?.problems) ? data.problems : [];
}

function Problems({ error }: { error: unknown }) {
  const problems = problemsOf(error);
  return (
    <Alert>
      <p>{errorMessage(error)}</p>
      {problems.length > 1 ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5">
          {problems.map((p) => (
            <li key={`${p.row}-${p.column}-${p.message}`}>
              Row {p.row}, column “{p.column}”: {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

/** "1 row", "2 rows". */
export const rowsText = (count: number) => `${formatCount(count)} ${count === 1 ? 'row' : 'rows'}`;

/** Import the job board's CSV traffic report: choose the file, map its columns, preview, import. */
export function ImportDialog({ open, onClose, currency }: { open: boolean; onClose: () => void; currency: string }) {
  const dispatch = useAppDispatch();
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState('');
  const [file, setFile] = useState<ImportUploadResponse | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [upload, uploaded] = useUploadPostingReportMutation();
  const [runPreview, previewed] = usePreviewPostingImportMutation();
  const [runImport, imported] = useRunPostingImportMutation();

  const reset = () => {
    setCsv('');
    setFile(null);
    setMapping({});
    setPreview(null);
    setFileError('');
    uploaded.reset();
    previewed.reset();
    imported.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const chooseFile = async (chosen: File | undefined) => {
    reset();
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_CHARS) {
      setFileError('The file is too large (at most 1 MB).');
      return;
    }
    const text = await chosen.text();
    setCsv(text);
    const result = await upload({ csv: text });
    if ('data' in result && result.data) {
      setFile(result.data);
      setMapping(mappingFromSuggestion(result.data.suggested_mapping));
    }
  };

  const step = preview ? 'preview' : file ? 'mapping' : 'file';
  const missing = IMPORT_REQUIRED_FIELDS.filter((field) => !mapping[field]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 'mapping') {
      const result = await runPreview({ csv, mapping });
      if ('data' in result && result.data) setPreview(result.data);
    } else if (step === 'preview') {
      const result = await runImport({ csv, mapping });
      if ('data' in result && result.data) {
        dispatch(notifySuccess(`Imported ${result.data.created} new and ${result.data.updated} updated weeks.`));
        close();
      }
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      size="lg"
      title="Import the job board's report"
      description="A CSV traffic report: one row per job and week. Nothing is written until you confirm the preview, and a file with errors imports nothing."
      submitLabel={step === 'preview' ? `Import ${rowsText(preview?.rows.length ?? 0)}` : 'Preview'}
      submitDisabled={step === 'file' || (step === 'mapping' && missing.length > 0)}
      loading={previewed.isLoading || imported.isLoading}
      onSubmit={(event) => void submit(event)}
    >
      <div className="space-y-1.5">
        <label htmlFor="posting-report-file" className="block text-sm font-medium text-gray-900 dark:text-gray-100">
          CSV file
        </label>
        <input
          id="posting-report-file"
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand-700 dark:text-gray-300 dark:file:bg-brand-500/10 dark:file:text-brand-300"
          onChange={(event) => void chooseFile(event.target.files?.[0])}
        />
        <p className="text-xs text-gray-500 dark:text-gray-400">Exported from the job board's performance report.</p>
      </div>
      {fileError ? <Alert>{fileError}</Alert> : null}
      {uploaded.error ? <Problems error={uploaded.error} /> : null}
      {file && step === 'mapping' ? (
        <div className="space-y-3">
          <p className="text-sm text-gray-600 dark:text-gray-300">
            {rowsText(file.row_count)}. Match the report's columns to our fields; role and week are required. The role
            is matched by its reference number (RD-12, shown under each role on this page and sent to the board as the
            job's reference) or by its exact title.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {IMPORT_FIELDS.map((field) => (
              <Field
                key={field}
                label={`${IMPORT_FIELD_LABELS[field]}${IMPORT_REQUIRED_FIELDS.includes(field) ? ' *' : ''}`}
              >
                <Select
                  value={mapping[field] ?? ''}
                  onChange={(event) => setMapping({ ...mapping, [field]: event.target.value || undefined })}
                >
                  <option value="">Not in the file</option>
                  {file.columns.map((column) => (
                    <option key={column} value={column}>
                      {column}
                    </option>
                  ))}
                </Select>
              </Field>
            ))}
          </div>
          {previewed.error ? <Problems error={previewed.error} /> : null}
        </div>
      ) : null}
      {preview ? (
        <div className="space-y-2">
          <p className="text-sm text-gray-600 dark:text-gray-300">
            {preview.creates} new and {preview.updates} updated weeks. Fields not mapped keep their current figures.
          </p>
          <div className="max-h-72 overflow-auto rounded-lg border border-gray-200 dark:border-white/10">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Import preview</caption>
              <thead className="sticky top-0 bg-gray-50 text-xs text-gray-500 uppercase dark:bg-gray-800 dark:text-gray-400">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left">
                    Row
                  </th>
                  <th scope="col" className="px-3 py-2 text-left">
                    Role
                  </th>
                  <th scope="col" className="px-3 py-2 text-left">
                    Week
                  </th>
                  <th scope="col" className="px-3 py-2 text-left">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Spend
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Clicks
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Applies
                  </th>
                  <th scope="col" className="px-3 py-2 text-left">
                    Action
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 text-gray-700 dark:divide-white/5 dark:text-gray-300">
                {preview.rows.map((row) => (
                  <tr key={row.row}>
                    <td className="px-3 py-1.5 tabular-nums">{row.row}</td>
                    <td className="px-3 py-1.5">{row.role_name}</td>
                    <td className="px-3 py-1.5 tabular-nums">{row.week_start}</td>
                    <td className="px-3 py-1.5">{POSTING_STATUS_LABELS[row.figures.status]}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">
                      {formatMinor(row.figures.spend_minor, currency)}
                    </td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(row.figures.clicks)}</td>
                    <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(row.figures.applies)}</td>
                    <td className="px-3 py-1.5">{row.action === 'create' ? 'New' : 'Update'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {imported.error ? <Problems error={imported.error} /> : null}
        </div>
      ) : null}
    </FormDialog>
  );
}

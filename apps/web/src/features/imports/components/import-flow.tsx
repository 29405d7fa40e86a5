import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { useAppDispatch } from '@/lib/hooks';
import { useGetImportQuery, useStartImportMutation, invalidateImportedRecords } from '../api';
import { initialMapping, missingRequired } from '../mapping';
import type { DuplicatePolicy, ImportColumnTarget, ImportStatus, ImportView } from '../types';
import { ImportStepper, type ImportStep } from './import-stepper';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { ProgressPanel, ReportPanel } from './progress-report';

const ACTIVE: readonly ImportStatus[] = ['queued', 'running', 'undoing'];
export const IMPORT_POLL_MS = 1000;

interface Draft {
  mapping: ImportColumnTarget[];
  policy: DuplicatePolicy;
}

/** The mapping and policy being chosen survive a reload of the tab (sessionStorage, per import). */
const draftKey = (id: number) => `import-draft-${id}`;
function readDraft(id: number, columns: number): Draft | null {
  try {
    const raw = sessionStorage.getItem(draftKey(id));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft;
    return Array.isArray(draft.mapping) && draft.mapping.length === columns ? draft : null;
  } catch {
    return null;
  }
}

/** The steps of an uploaded file that is not started yet: mapping, then preview. */
function PendingImport({ entry }: { entry: ImportView }) {
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Draft>(
    () =>
      readDraft(entry.id, entry.columns.length) ?? {
        mapping: entry.mapping ?? initialMapping(entry.kind, entry.columns.length, entry.suggested_mapping),
        policy: entry.duplicate_policy ?? 'skip',
      },
  );
  const [start, startState] = useStartImportMutation();
  useEffect(() => {
    sessionStorage.setItem(draftKey(entry.id), JSON.stringify(draft));
  }, [draft, entry.id]);

  const ready = missingRequired(entry.kind, draft.mapping).length === 0;
  const step: ImportStep = params.get('step') === 'preview' && ready ? 'preview' : 'mapping';
  const goTo = (next: ImportStep) => {
    setParams(next === 'preview' ? { step: 'preview' } : {}, { replace: false });
    // The new step's heading takes the focus (stepper.tsx: the steps are buttons, the content follows).
    requestAnimationFrame(() => document.getElementById('import-step-title')?.focus());
  };

  return (
    <>
      <ImportStepper current={step} reachable={ready ? ['mapping', 'preview'] : ['mapping']} onSelect={goTo} />
      <Card className="p-4 sm:p-6">
        <h2
          id="import-step-title"
          tabIndex={-1}
          className="mb-4 text-lg font-semibold text-gray-900 outline-none dark:text-white"
        >
          {step === 'mapping' ? 'Match the columns' : 'Check the rows'}
        </h2>
        {step === 'mapping' ? (
          <MappingStep
            entry={entry}
            mapping={draft.mapping}
            onChange={(mapping) => setDraft((current) => ({ ...current, mapping }))}
            onNext={() => goTo('preview')}
          />
        ) : (
          <PreviewStep
            entry={entry}
            mapping={draft.mapping}
            policy={draft.policy}
            onPolicyChange={(policy) => setDraft((current) => ({ ...current, policy }))}
            onBack={() => goTo('mapping')}
            starting={startState.isLoading}
            startError={startState.error}
            onStart={async () => {
              const result = await start({
                id: entry.id,
                body: { mapping: draft.mapping, duplicate_policy: draft.policy },
              });
              if (!result.error) {
                sessionStorage.removeItem(draftKey(entry.id));
                setParams({}, { replace: true });
              }
            }}
          />
        )}
      </Card>
    </>
  );
}

/**
 * One import's page (/settings/imports/{id}): its mapping and preview until it starts, then its progress
 * (polled every second while it runs; the page can be left, reloaded and opened again), then its report.
 */
export function ImportFlow({ entry }: { entry: ImportView }) {
  const dispatch = useAppDispatch();
  const previous = useRef(entry.status);
  useEffect(() => {
    const was = previous.current;
    previous.current = entry.status;
    // A run or an undo just ended: the lists of the records it wrote are stale.
    if (ACTIVE.includes(was) && !ACTIVE.includes(entry.status)) dispatch(invalidateImportedRecords());
  }, [entry.status, dispatch]);

  const running = ACTIVE.includes(entry.status);
  const stage = entry.status === 'uploaded' ? 'pending' : running ? 'progress' : 'report';
  // When the import starts or ends, the button pressed is gone: the new step's heading takes the focus.
  const shownStage = useRef(stage);
  useEffect(() => {
    if (shownStage.current === stage) return;
    shownStage.current = stage;
    document.getElementById('import-step-title')?.focus();
  }, [stage]);

  if (entry.status === 'uploaded') return <PendingImport entry={entry} />;
  const step: ImportStep = running ? 'progress' : 'report';
  return (
    <>
      <ImportStepper current={step} reachable={[]} onSelect={() => undefined} />
      <Card className="p-4 sm:p-6">
        <h2
          id="import-step-title"
          tabIndex={-1}
          className="mb-4 text-lg font-semibold text-gray-900 outline-none dark:text-white"
        >
          {running ? (entry.status === 'undoing' ? 'Undoing the import' : 'Importing') : 'Report'}
        </h2>
        {running ? <ProgressPanel entry={entry} /> : <ReportPanel entry={entry} />}
      </Card>
    </>
  );
}

/** The import's data, polled every second while it runs. */
export function useImportWithPolling(id: number) {
  const [active, setActive] = useState(false);
  const query = useGetImportQuery(id, { pollingInterval: active ? IMPORT_POLL_MS : 0, skipPollingIfUnfocused: false });
  const status = query.data?.import.status;
  useEffect(() => {
    setActive(status !== undefined && ACTIVE.includes(status));
  }, [status]);
  return query;
}

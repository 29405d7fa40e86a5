import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { PipelineSaveResponse } from '@recruitdesk/contracts/pipelines';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DuplicateWarning } from '@/components/ui/duplicate-warning';
import { PageHeader } from '@/components/ui/page-header';
import { ClientLink } from '@/components/ui/record-link';
import { paths } from '@/config/paths';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { ExistingCandidate } from './existing-candidate';
import { NewCandidate } from './new-candidate';

const tabClasses =
  'rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 outline-none hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-selected:bg-white data-selected:text-gray-900 data-selected:shadow-xs dark:text-gray-400 dark:hover:text-white dark:data-selected:bg-white/10 dark:data-selected:text-white';

/** /roles/{roleId}/pipelines/create: an existing candidate or a new one, into this role's pipeline. */
export function AddCandidatePage({
  role,
}: {
  role: { id: number; name: string; state: string; client: { id: number; name: string } };
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [added, setAdded] = useState<PipelineSaveResponse | null>(null);
  const onAdded = (response: PipelineSaveResponse) => {
    dispatch(notifySuccess(`${response.pipeline.candidate.name} was added to ${role.name}.`));
    if (response.duplicates.length > 0) setAdded(response);
    else void navigate(paths.app.pipelines.getHref(role.id));
  };
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageHeader title={`Add candidate to ${role.name}`} description={<ClientLink client={role.client} />} />
      {role.state === 'closed' ? <Alert>This role is closed. Reopen it to add candidates.</Alert> : null}
      <Card className="p-5">
        {added ? (
          <div className="space-y-4">
            <Alert tone="success">{`${added.pipeline.candidate.name} was added to the pipeline.`}</Alert>
            <DuplicateWarning duplicates={added.duplicates} saved />
            <div className="flex flex-wrap justify-end gap-2">
              <Link to={paths.app.pipeline.getHref(role.id, added.pipeline.id)} className={buttonClasses('secondary')}>
                Open the pipeline
              </Link>
              <Link to={paths.app.pipelines.getHref(role.id)} className={buttonClasses('primary')}>
                Go to the board
              </Link>
            </div>
          </div>
        ) : (
          <TabGroup>
            <TabList
              aria-label="How to add the candidate"
              className="mb-5 inline-flex gap-1 rounded-lg bg-gray-100 p-1 dark:bg-white/5"
            >
              <Tab className={tabClasses}>Existing candidate</Tab>
              <Tab className={tabClasses}>New candidate</Tab>
            </TabList>
            <TabPanels>
              <TabPanel unmount={false}>
                <ExistingCandidate roleId={role.id} onAdded={onAdded} />
              </TabPanel>
              <TabPanel unmount={false}>
                <NewCandidate roleId={role.id} onAdded={onAdded} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        )}
      </Card>
    </div>
  );
}

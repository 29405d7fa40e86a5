import type { PublicTextSegment, RolePublicPreview } from '@recruitdesk/contracts/role-public-text';
import { Spinner } from '@/components/ui/spinner';

/** One public text with what the mask replaced highlighted (what it hid in the tooltip and for screen readers). */
function Segments({ segments }: { segments: PublicTextSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.masked === null ? (
          <span key={index}>{segment.text}</span>
        ) : (
          <mark
            key={index}
            title={`Masked: ${segment.masked}`}
            className="rounded-sm bg-amber-100 px-0.5 font-medium text-gray-900 dark:bg-amber-400/25 dark:text-amber-100"
          >
            {segment.text ? segment.text : <s aria-hidden="true">{segment.masked}</s>}
            <span className="sr-only">
              {segment.text ? ` (masked: ${segment.masked})` : `(removed: ${segment.masked})`}
            </span>
          </mark>
        ),
      )}
    </>
  );
}

/**
 * The role's title and description as the careers pages, the job board and the confirmation email show them
 * (issue 29 item 1): for a client not shown publicly, what names it is masked, highlighted here.
 */
export function PublicTextPreview({ preview, loading }: { preview: RolePublicPreview | undefined; loading: boolean }) {
  return (
    <section
      aria-labelledby="public-preview-title"
      className="rounded-lg border border-gray-200 bg-gray-50 p-4 sm:col-span-2 dark:border-white/10 dark:bg-white/5"
    >
      <div className="flex items-center gap-2">
        <h3 id="public-preview-title" className="text-sm font-semibold text-gray-900 dark:text-white">
          Public text preview
        </h3>
        {loading ? <Spinner size="sm" /> : null}
      </div>
      {preview ? (
        <>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {preview.public_client_name
              ? `The careers pages and the job board name ${preview.public_client_name}.`
              : preview.names_client
                ? 'The client is not shown publicly: the highlighted words replace what names it.'
                : 'The client is not shown publicly, and nothing here names it.'}
          </p>
          <div className="mt-3 font-semibold text-gray-900 dark:text-white" role="group" aria-label="Public title">
            <Segments segments={preview.title} />
          </div>
          <div
            className="mt-2 text-sm whitespace-pre-line text-gray-700 dark:text-gray-300"
            aria-label="Public description"
            role="group"
          >
            {preview.description.length ? (
              <Segments segments={preview.description} />
            ) : (
              <span className="text-gray-500">No description.</span>
            )}
          </div>
        </>
      ) : !loading ? (
        <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">Choose a client to see the public text.</p>
      ) : null}
    </section>
  );
}

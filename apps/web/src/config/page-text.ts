/**
 * The fixed heading text of pages that the shell shows in the page's skeleton while its code and data
 * load (app/lazy-page.tsx), and that the page itself shows: one definition, so the skeleton's text is the
 * page's. Painting it with the shell makes it the first screen's largest text (docs/performance.md).
 */
export interface PageText {
  title: string;
  description: string;
}

export const PAGE_TEXT = {
  /** The dashboard's heading greets the user; its fixed text is the activity card's. */
  dashboardActivity: {
    title: 'Recent activity',
    description: 'Your latest changes across clients, roles and candidates.',
  },
  candidates: {
    title: 'Candidates',
    description: 'Everyone you could place: search by name, skills, experience or what their resume says.',
  },
  clients: { title: 'Clients', description: 'The companies you recruit for.' },
  jobsActive: { title: 'Active jobs', description: 'Open and on-hold roles across your clients.' },
  invoices: { title: 'Invoices', description: 'What you have billed, what came in and what is still owed.' },
  jobsClosed: { title: 'Closed roles', description: 'Filled, cancelled and lost roles; reopen one to work it again.' },
  aiChat: { title: 'AI Chat', description: "Ask about your agency's data: placements, revenue, pipelines and people." },
  calendar: {
    title: 'Calendar',
    description: 'Interviews, role dates, retainer instalments and guarantee ends, in your time zone.',
  },
} as const satisfies Record<string, PageText>;

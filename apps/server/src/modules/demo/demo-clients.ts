// Over 400 lines: mostly data (the demo agency's 24 clients and about 74 roles with their descriptions, qualifications and notes) and the one function that inserts them.
import type { RetainerInstalment } from '@recruitdesk/contracts/clients';
import { ROLE_CLOSE_REASON_LABELS, type ROLE_CLOSE_REASONS } from '@recruitdesk/contracts/roles';
import type { Db } from '../../db/client';
import { buildClient, insertClients } from '../../factories/clients.factory';
import { insertContacts } from '../../factories/contacts.factory';
import { buildNote, insertNotes } from '../../factories/notes.factory';
import { buildRole, insertQualifications, insertRoles } from '../../factories/roles.factory';
import type { NewJobQualificationRow } from '../roles/job-qualifications.table';
import type { NewNoteRow } from '../notes/notes.table';
import type { ClientRow } from '../clients/clients.table';
import type { NewRoleRow, RoleRow } from '../roles/roles.table';
import { displayName, type UserRow } from '../users/users.service';
import { recordActivity } from '../activity/activity.service';
import { seededRandom } from '../../lib/seeded-random';

type Sector = 'tech' | 'health' | 'finance' | 'logistics' | 'retail' | 'energy' | 'manufacturing' | 'education';

interface DemoClient {
  name: string;
  sector: Sector;
  industry: string;
  location: string;
  website: string;
  contact: [string, string];
  type: 'finders_fee' | 'retainer';
  state: 'Prospect' | 'Open' | 'On Hold' | 'Closed';
  /** Roles to create: [open, on_hold, closed]. */
  roles: [number, number, number];
}

const CLIENTS: DemoClient[] = [
  {
    name: 'Cascade Cloud Systems',
    sector: 'tech',
    industry: 'Cloud software',
    location: 'Seattle, WA',
    website: 'https://cascadecloud.example',
    contact: ['Priya Raman', 'VP Engineering'],
    type: 'finders_fee',
    state: 'Open',
    roles: [4, 1, 2],
  },
  {
    name: 'Brightline Analytics',
    sector: 'tech',
    industry: 'Data & analytics',
    location: 'Austin, TX',
    website: 'https://brightline.example',
    contact: ['Marcus Hale', 'Head of Talent'],
    type: 'retainer',
    state: 'Open',
    roles: [3, 0, 1],
  },
  {
    name: 'Pinecrest Health Network',
    sector: 'health',
    industry: 'Hospitals',
    location: 'Portland, OR',
    website: 'https://pinecresthealth.example',
    contact: ['Dr. Elena Ruiz', 'Chief Nursing Officer'],
    type: 'retainer',
    state: 'Open',
    roles: [4, 1, 2],
  },
  {
    name: 'Harborview Capital',
    sector: 'finance',
    industry: 'Investment management',
    location: 'Boston, MA',
    website: 'https://harborviewcap.example',
    contact: ['Thomas Whitfield', 'COO'],
    type: 'finders_fee',
    state: 'Open',
    roles: [2, 1, 2],
  },
  {
    name: 'Meridian Freight',
    sector: 'logistics',
    industry: 'Freight & logistics',
    location: 'Memphis, TN',
    website: 'https://meridianfreight.example',
    contact: ['Angela Brooks', 'HR Director'],
    type: 'finders_fee',
    state: 'Open',
    roles: [3, 0, 1],
  },
  {
    name: 'Oakridge Outfitters',
    sector: 'retail',
    industry: 'Outdoor retail',
    location: 'Denver, CO',
    website: 'https://oakridge.example',
    contact: ['Kevin Tran', 'Director of People'],
    type: 'finders_fee',
    state: 'Open',
    roles: [2, 1, 1],
  },
  {
    name: 'Solstice Renewables',
    sector: 'energy',
    industry: 'Solar energy',
    location: 'Phoenix, AZ',
    website: 'https://solstice-energy.example',
    contact: ['Fatima Noor', 'Talent Partner'],
    type: 'retainer',
    state: 'Open',
    roles: [3, 0, 1],
  },
  {
    name: 'Ironwood Manufacturing',
    sector: 'manufacturing',
    industry: 'Industrial equipment',
    location: 'Cleveland, OH',
    website: 'https://ironwoodmfg.example',
    contact: ['Greg Kowalski', 'Plant HR Manager'],
    type: 'finders_fee',
    state: 'Open',
    roles: [2, 1, 1],
  },
  {
    name: 'Lumen Learning Labs',
    sector: 'education',
    industry: 'EdTech',
    location: 'Chicago, IL',
    website: 'https://lumenlabs.example',
    contact: ['Hannah Cole', 'Chief of Staff'],
    type: 'finders_fee',
    state: 'Open',
    roles: [2, 0, 1],
  },
  {
    name: 'Northgate Insurance',
    sector: 'finance',
    industry: 'Insurance',
    location: 'Hartford, CT',
    website: 'https://northgate-ins.example',
    contact: ['Robert Chen', 'Talent Acquisition Lead'],
    type: 'retainer',
    state: 'Open',
    roles: [2, 1, 1],
  },
  {
    name: 'Vireo Biotech',
    sector: 'health',
    industry: 'Biotechnology',
    location: 'San Diego, CA',
    website: 'https://vireobio.example',
    contact: ['Dr. Samir Patel', 'Head of R&D'],
    type: 'finders_fee',
    state: 'Open',
    roles: [3, 0, 1],
  },
  {
    name: 'Quayside Payments',
    sector: 'finance',
    industry: 'Fintech',
    location: 'New York, NY',
    website: 'https://quayside.example',
    contact: ['Laura Bennett', 'CTO'],
    type: 'finders_fee',
    state: 'Open',
    roles: [2, 1, 0],
  },
  {
    name: 'Redwood Grocers',
    sector: 'retail',
    industry: 'Grocery',
    location: 'Sacramento, CA',
    website: 'https://redwoodgrocers.example',
    contact: ['Miguel Santos', 'Regional HR'],
    type: 'finders_fee',
    state: 'Open',
    roles: [1, 0, 1],
  },
  {
    name: 'Atlas Fleet Services',
    sector: 'logistics',
    industry: 'Fleet management',
    location: 'Atlanta, GA',
    website: 'https://atlasfleet.example',
    contact: ['Denise Walker', 'Operations Director'],
    type: 'retainer',
    state: 'On Hold',
    roles: [0, 2, 1],
  },
  {
    name: 'Summit Dental Partners',
    sector: 'health',
    industry: 'Dental care',
    location: 'Salt Lake City, UT',
    website: 'https://summitdental.example',
    contact: ['Dr. Amy Fischer', 'Practice Director'],
    type: 'finders_fee',
    state: 'On Hold',
    roles: [0, 1, 1],
  },
  {
    name: 'Keystone Robotics',
    sector: 'manufacturing',
    industry: 'Robotics',
    location: 'Pittsburgh, PA',
    website: 'https://keystonerobotics.example',
    contact: ['Daniel Ortiz', 'VP People'],
    type: 'finders_fee',
    state: 'On Hold',
    roles: [1, 1, 0],
  },
  {
    name: 'Tidewater Ports Authority',
    sector: 'logistics',
    industry: 'Port operations',
    location: 'Norfolk, VA',
    website: 'https://tidewaterports.example',
    contact: ['Sharon Mills', 'HR Business Partner'],
    type: 'retainer',
    state: 'Prospect',
    roles: [0, 0, 0],
  },
  {
    name: 'Nimbus Security',
    sector: 'tech',
    industry: 'Cybersecurity',
    location: 'Remote (US)',
    website: 'https://nimbussec.example',
    contact: ['Alex Morgan', 'CISO'],
    type: 'finders_fee',
    state: 'Prospect',
    roles: [0, 0, 0],
  },
  {
    name: 'Greenfield Schools Trust',
    sector: 'education',
    industry: 'K-12 education',
    location: 'Minneapolis, MN',
    website: 'https://greenfieldschools.example',
    contact: ['Patricia Olson', 'Superintendent'],
    type: 'finders_fee',
    state: 'Prospect',
    roles: [0, 0, 0],
  },
  {
    name: 'Copperline Mining Supply',
    sector: 'manufacturing',
    industry: 'Mining equipment',
    location: 'Reno, NV',
    website: 'https://copperline.example',
    contact: ['Wade Jensen', 'General Manager'],
    type: 'finders_fee',
    state: 'Prospect',
    roles: [0, 0, 0],
  },
  {
    name: 'Silverleaf Hotels',
    sector: 'retail',
    industry: 'Hospitality',
    location: 'Las Vegas, NV',
    website: 'https://silverleafhotels.example',
    contact: ['Monica Reyes', 'Director of HR'],
    type: 'finders_fee',
    state: 'Closed',
    roles: [0, 0, 3],
  },
  {
    name: 'Bluewater Telecom',
    sector: 'tech',
    industry: 'Telecommunications',
    location: 'Dallas, TX',
    website: 'https://bluewatertel.example',
    contact: ['Steven Park', 'Talent Director'],
    type: 'retainer',
    state: 'Closed',
    roles: [0, 0, 2],
  },
  {
    name: 'Evergreen Family Clinics',
    sector: 'health',
    industry: 'Primary care',
    location: 'Spokane, WA',
    website: 'https://evergreenclinics.example',
    contact: ['Dr. Nora James', 'Medical Director'],
    type: 'finders_fee',
    state: 'Open',
    roles: [2, 1, 1],
  },
  {
    name: 'Granite Peak Energy',
    sector: 'energy',
    industry: 'Utilities',
    location: 'Boise, ID',
    website: 'https://granitepeak.example',
    contact: ['Colin Murphy', 'HR Manager'],
    type: 'finders_fee',
    state: 'Open',
    roles: [2, 0, 1],
  },
];

interface Title {
  name: string;
  salary: [number, number];
  quals: [string, string][];
}

const TITLES: Record<Sector, Title[]> = {
  tech: [
    {
      name: 'Senior Backend Engineer',
      salary: [150000, 185000],
      quals: [
        ['Go or Java in production', 'must'],
        ['Distributed systems', 'must'],
        ['PostgreSQL tuning', 'nice'],
        ['Kubernetes', 'nice'],
      ],
    },
    {
      name: 'Staff Frontend Engineer',
      salary: [170000, 205000],
      quals: [
        ['React and TypeScript', 'must'],
        ['Design systems', 'must'],
        ['Accessibility (WCAG 2.1)', 'nice'],
        ['Mentoring', 'nice'],
      ],
    },
    {
      name: 'Engineering Manager, Platform',
      salary: [185000, 220000],
      quals: [
        ['Led teams of 6+', 'must'],
        ['Cloud infrastructure', 'must'],
        ['Hiring experience', 'nice'],
      ],
    },
    {
      name: 'Site Reliability Engineer',
      salary: [145000, 175000],
      quals: [
        ['On-call and incident response', 'must'],
        ['Terraform', 'must'],
        ['Observability tooling', 'nice'],
      ],
    },
    {
      name: 'Product Designer',
      salary: [120000, 150000],
      quals: [
        ['Portfolio of shipped work', 'must'],
        ['Figma', 'must'],
        ['User research', 'nice'],
      ],
    },
    {
      name: 'Data Engineer',
      salary: [140000, 170000],
      quals: [
        ['SQL and Python', 'must'],
        ['Airflow or dbt', 'must'],
        ['Spark', 'nice'],
      ],
    },
  ],
  health: [
    {
      name: 'Registered Nurse, ICU',
      salary: [88000, 112000],
      quals: [
        ['Active RN license', 'must'],
        ['BLS and ACLS', 'must'],
        ['2+ years ICU', 'must'],
        ['CCRN certification', 'nice'],
      ],
    },
    {
      name: 'Nurse Manager, Med-Surg',
      salary: [105000, 130000],
      quals: [
        ['BSN', 'must'],
        ['Leadership experience', 'must'],
        ['MSN', 'nice'],
      ],
    },
    {
      name: 'Clinical Research Associate',
      salary: [85000, 105000],
      quals: [
        ['GCP certification', 'must'],
        ['Site monitoring', 'must'],
        ['Oncology trials', 'nice'],
      ],
    },
    {
      name: 'Physician Assistant, Urgent Care',
      salary: [120000, 140000],
      quals: [
        ['NCCPA certified', 'must'],
        ['State license', 'must'],
        ['Spanish', 'nice'],
      ],
    },
    {
      name: 'Medical Laboratory Scientist',
      salary: [70000, 88000],
      quals: [
        ['ASCP certification', 'must'],
        ['Microbiology', 'nice'],
      ],
    },
  ],
  finance: [
    {
      name: 'Senior Financial Analyst',
      salary: [105000, 130000],
      quals: [
        ['Financial modelling', 'must'],
        ['Advanced Excel', 'must'],
        ['CFA Level II+', 'nice'],
      ],
    },
    {
      name: 'Compliance Manager',
      salary: [125000, 155000],
      quals: [
        ['AML/KYC programs', 'must'],
        ['Regulatory exams', 'must'],
        ['CAMS', 'nice'],
      ],
    },
    {
      name: 'Portfolio Manager',
      salary: [180000, 240000],
      quals: [
        ['Fixed income', 'must'],
        ['Track record', 'must'],
        ['CFA charter', 'nice'],
      ],
    },
    {
      name: 'Actuarial Analyst',
      salary: [90000, 115000],
      quals: [
        ['SOA exams passed', 'must'],
        ['Python or R', 'nice'],
      ],
    },
    {
      name: 'Risk Engineer',
      salary: [150000, 180000],
      quals: [
        ['Payments fraud models', 'must'],
        ['Python', 'must'],
        ['Real-time systems', 'nice'],
      ],
    },
  ],
  logistics: [
    {
      name: 'Warehouse Operations Manager',
      salary: [85000, 105000],
      quals: [
        ['Multi-shift leadership', 'must'],
        ['WMS systems', 'must'],
        ['Lean / Six Sigma', 'nice'],
      ],
    },
    {
      name: 'Transportation Planner',
      salary: [65000, 80000],
      quals: [
        ['TMS experience', 'must'],
        ['Carrier negotiation', 'nice'],
      ],
    },
    {
      name: 'Fleet Maintenance Supervisor',
      salary: [72000, 90000],
      quals: [
        ['ASE certification', 'must'],
        ['DOT compliance', 'must'],
      ],
    },
    {
      name: 'Supply Chain Analyst',
      salary: [70000, 88000],
      quals: [
        ['SQL', 'must'],
        ['Demand forecasting', 'nice'],
      ],
    },
  ],
  retail: [
    {
      name: 'District Manager',
      salary: [90000, 115000],
      quals: [
        ['Multi-unit retail', 'must'],
        ['P&L ownership', 'must'],
        ['Travel 50 %', 'must'],
      ],
    },
    {
      name: 'Store General Manager',
      salary: [70000, 85000],
      quals: [
        ['Team of 30+', 'must'],
        ['Inventory control', 'nice'],
      ],
    },
    {
      name: 'E-commerce Merchandiser',
      salary: [75000, 95000],
      quals: [
        ['Shopify or Salesforce Commerce', 'must'],
        ['Analytics', 'nice'],
      ],
    },
    {
      name: 'Loss Prevention Lead',
      salary: [55000, 68000],
      quals: [
        ['Investigations', 'must'],
        ['CCTV systems', 'nice'],
      ],
    },
  ],
  energy: [
    {
      name: 'Solar Project Engineer',
      salary: [95000, 120000],
      quals: [
        ['PE license', 'nice'],
        ['Utility-scale PV', 'must'],
        ['AutoCAD', 'must'],
      ],
    },
    {
      name: 'Grid Operations Analyst',
      salary: [85000, 105000],
      quals: [
        ['SCADA', 'must'],
        ['NERC certification', 'nice'],
      ],
    },
    {
      name: 'Health & Safety Manager',
      salary: [90000, 110000],
      quals: [
        ['OSHA 30', 'must'],
        ['CSP', 'nice'],
      ],
    },
  ],
  manufacturing: [
    {
      name: 'Controls Engineer',
      salary: [90000, 115000],
      quals: [
        ['PLC programming', 'must'],
        ['Allen-Bradley', 'must'],
        ['Robotics integration', 'nice'],
      ],
    },
    {
      name: 'Quality Manager',
      salary: [95000, 120000],
      quals: [
        ['ISO 9001', 'must'],
        ['Root cause analysis', 'must'],
        ['ASQ CQE', 'nice'],
      ],
    },
    {
      name: 'Production Supervisor',
      salary: [65000, 80000],
      quals: [
        ['Shift leadership', 'must'],
        ['Lean manufacturing', 'nice'],
      ],
    },
  ],
  education: [
    {
      name: 'Curriculum Designer',
      salary: [70000, 90000],
      quals: [
        ['Instructional design', 'must'],
        ['K-12 standards', 'must'],
        ['LMS authoring', 'nice'],
      ],
    },
    {
      name: 'Customer Success Manager',
      salary: [80000, 100000],
      quals: [
        ['SaaS accounts', 'must'],
        ['Education sector', 'nice'],
      ],
    },
    {
      name: 'Head of School Partnerships',
      salary: [110000, 135000],
      quals: [
        ['District sales', 'must'],
        ['Contract negotiation', 'must'],
      ],
    },
  ],
};

const CLOSE_REASONS: (typeof ROLE_CLOSE_REASONS)[number][] = [
  'filled',
  'filled',
  'filled',
  'filled_by_client',
  'cancelled_by_client',
  'lost_to_competitor',
  'on_hold_indefinitely',
  'other',
];
const REMOTE: ('onsite' | 'hybrid' | 'remote')[] = ['onsite', 'hybrid', 'hybrid', 'remote'];
const PRIORITIES: ('low' | 'medium' | 'high' | 'urgent')[] = ['low', 'medium', 'medium', 'high', 'high', 'urgent'];
const RETAINERS: RetainerInstalment[][] = [
  [
    { label: 'On signing', percent: 34, milestone: 'on_signing' },
    { label: 'On shortlist', percent: 33, milestone: 'on_shortlist' },
    { label: 'On placement', percent: 33, milestone: 'on_placement' },
  ],
  [
    { label: 'On signing', percent: 50, milestone: 'on_signing' },
    { label: 'On placement', percent: 50, milestone: 'on_placement' },
  ],
];

const CLIENT_NOTES = [
  'Quarterly review went well; they want us to take on more of their pipeline next quarter.',
  'Hiring manager prefers candidates who have worked in regulated environments.',
  'Fee agreement countersigned and filed. Invoices go to accounts payable, not the hiring manager.',
  'They are consolidating agencies this year; we are one of two preferred suppliers.',
  'Budget freeze until the board meeting — check back at the start of next month.',
  'Main contact is on leave for two weeks; route questions to their deputy.',
];
const ROLE_NOTES = [
  'Intake call done: must be able to start within six weeks.',
  'Client feedback: last two submittals were too junior. Aim for 7+ years.',
  'Salary band confirmed with finance; a little flexibility for an exceptional candidate.',
  'Three candidates in process; second interviews scheduled for next week.',
  'Hiring manager wants a short written exercise before the onsite.',
  'Relocation assistance is available for this role.',
];

function jobDescription(title: string, client: DemoClient, remote: string): string {
  return [
    `${title} — ${client.name}`,
    '',
    `${client.name} (${client.industry.toLowerCase()}, ${client.location}) is hiring a ${title}.`,
    `This is a ${remote} position reporting to ${client.contact[0]}, ${client.contact[1]}.`,
    '',
    'What you will do',
    '- Own the outcomes of your area and raise the bar for the team around you.',
    '- Work closely with stakeholders to plan, prioritise and deliver.',
    '- Share what you know: documentation, mentoring and reviews.',
    '',
    'What you bring',
    '- A track record of delivering in a similar role.',
    '- Clear written and spoken communication.',
    '',
    'Benefits: medical, dental and vision cover, retirement matching, paid parental leave.',
  ].join('\n');
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The people the demo clients' main contacts work with: first name, last name, job title. */
const DEMO_COLLEAGUES: readonly [string, string, string][] = [
  ['Jordan', 'Ellis', 'Engineering Manager'],
  ['Samira', 'Okafor', 'Talent Acquisition Lead'],
  ['Lucas', 'Brandt', 'Director of Operations'],
  ['Mei', 'Tanaka', 'HR Business Partner'],
  ['Daniel', 'Osei', 'Head of Product'],
];

/**
 * The demo agency's clients, roles, qualifications and notes: deterministic (seeded), batch-inserted.
 * `users` are the demo owner, superuser, recruiter and viewer (in that order).
 */
export async function seedDemoClientsAndRoles(
  db: Db,
  users: UserRow[],
  now: Date,
): Promise<{ clients: number; roles: number; clientRows: ClientRow[]; roleRows: RoleRow[] }> {
  const random = seededRandom(20240611);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const [owner, superuser, recruiter] = users;
  if (!owner || !superuser || !recruiter) return { clients: 0, roles: 0, clientRows: [], roleRows: [] };
  const recruiters = [recruiter, recruiter, owner, superuser];
  const writers = [owner, superuser, recruiter];
  const day = 86_400_000;

  const clientRows = await insertClients(
    db,
    CLIENTS.map((demo, index) => {
      const finders = demo.type === 'finders_fee';
      const [first, ...rest] = demo.contact[0].replace(/^Dr\. /, '').split(' ');
      const domain = new URL(demo.website).hostname;
      const created = new Date(now.getTime() - (290 - index * 3) * day);
      return buildClient({
        name: demo.name,
        clientType: demo.type,
        state: demo.state,
        website: demo.website,
        industry: demo.industry,
        location: demo.location,
        contactName: demo.contact[0],
        contactEmail: `${(first ?? 'contact').toLowerCase()}.${rest.join('').toLowerCase()}@${domain}`,
        contactPhone: `+1 ${200 + index * 13} 555 ${String(1000 + Math.floor(random() * 8999)).padStart(4, '0')}`,
        findersFeePercent: finders ? pick(['18', '20', '22', '25']) : null,
        guaranteeDays: finders ? pick([60, 90, 90, 120]) : null,
        retainerAmount: finders ? null : String(pick([24000, 36000, 45000, 60000])),
        retainerInstalments: finders ? [] : pick(RETAINERS),
        paymentTermsDays: pick([14, 30, 30, 45]),
        currency: 'USD',
        ownerId: pick(writers).id,
        createdById: owner.id,
        createdAt: created,
        updatedAt: created,
      });
    }),
  );

  // Each client's contacts (issue 33): its main contact, and 0–2 colleagues by the client's place in the
  // list (no random draw, so everything seeded after stays as it was).
  const contactRows = await insertContacts(
    db,
    clientRows.flatMap((client, index) => {
      const demo = CLIENTS[index];
      if (!demo) return [];
      const name = client.contactName.trim();
      const space = name.lastIndexOf(' ');
      const domain = new URL(demo.website).hostname;
      const main = {
        clientId: client.id,
        firstName: space > 0 ? name.slice(0, space) : name,
        lastName: space > 0 ? name.slice(space + 1) : '',
        jobTitle: demo.contact[1],
        email: client.contactEmail,
        phone: client.contactPhone,
        createdById: client.createdById,
        createdAt: client.createdAt,
        updatedAt: client.createdAt,
      };
      const colleagues = DEMO_COLLEAGUES.slice(index % DEMO_COLLEAGUES.length)
        .concat(DEMO_COLLEAGUES)
        .slice(0, index % 3)
        .map(([first, last, title], colleague) => ({
          ...main,
          firstName: first,
          lastName: last,
          jobTitle: title,
          email: `${first.toLowerCase()}.${last.toLowerCase()}@${domain}`,
          phone: '',
          // The last colleague of every fifth client has moved on.
          leftCompany: index % 5 === 4 && colleague === 1,
        }));
      return [main, ...colleagues];
    }),
  );
  /** The contacts a role's hiring manager is chosen from: those still at the client. */
  const managersOf = new Map<number, number[]>();
  for (const contact of contactRows) {
    if (contact.leftCompany) continue;
    managersOf.set(contact.clientId, [...(managersOf.get(contact.clientId) ?? []), contact.id]);
  }

  const roleValues: NewRoleRow[] = [];
  const meta: { client: DemoClient; title: Title }[] = [];
  CLIENTS.forEach((demo, index) => {
    const client = clientRows[index];
    if (!client) return;
    const titles = [...TITLES[demo.sector]].sort(() => random() - 0.5);
    const states = [
      ...Array<string>(demo.roles[0]).fill('open'),
      ...Array<string>(demo.roles[1]).fill('on_hold'),
      ...Array<string>(demo.roles[2]).fill('closed'),
    ];
    states.forEach((state, roleIndex) => {
      const title = titles[roleIndex % titles.length] as Title;
      const name = roleIndex >= titles.length ? `${title.name} II` : title.name;
      // Open roles from the last nine months; closed ones from the last eighteen, so the analytics' default
      // year has a previous year to compare with on first start.
      const opened = new Date(now.getTime() - Math.floor(random() * (state === 'closed' ? 540 : 270)) * day);
      const remote = pick(REMOTE);
      const bump = Math.round(((random() * 0.1 - 0.05) * title.salary[0]) / 1000) * 1000;
      const closed =
        state === 'closed'
          ? new Date(Math.min(now.getTime() - day, opened.getTime() + (20 + Math.floor(random() * 70)) * day))
          : null;
      const reason = state === 'closed' ? pick(CLOSE_REASONS) : null;
      roleValues.push(
        buildRole({
          clientId: client.id,
          name,
          state,
          closeReason: reason,
          closeNote: reason
            ? reason === 'other'
              ? 'Client restructured the team.'
              : `${ROLE_CLOSE_REASON_LABELS[reason]}.`
            : '',
          openings: random() < 0.2 ? 2 : 1,
          location: remote === 'remote' ? 'Remote (US)' : demo.location,
          remoteType: remote,
          employmentType: random() < 0.1 ? 'contract' : 'full_time',
          salaryMin: String(title.salary[0] + bump),
          salaryMax: String(title.salary[1] + bump),
          salaryCurrency: 'USD',
          feePercentOverride: demo.type === 'finders_fee' && random() < 0.15 ? '25' : null,
          priority: pick(PRIORITIES),
          recruiterId: pick(recruiters).id,
          hiringManagerContactId: (() => {
            const managers = managersOf.get(client.id) ?? [];
            return managers.length ? (managers[roleIndex % managers.length] ?? null) : null;
          })(),
          openedAt: isoDate(opened),
          // Two in three active roles have a target, 45–80 days after opening (no draw: the random sequence stays).
          targetFillDate:
            state !== 'closed' && roleIndex % 3 !== 2
              ? isoDate(new Date(opened.getTime() + (45 + ((roleIndex * 11) % 36)) * day))
              : null,
          closedAt: closed,
          descriptionText: random() < 0.7 ? jobDescription(name, demo, remote) : '',
          indeedPosting: state === 'open' && random() < 0.4,
          createdById: owner.id,
          createdAt: opened,
          updatedAt: closed ?? opened,
        }),
      );
      meta.push({ client: demo, title });
    });
  });
  const roleRows = await insertRoles(db, roleValues);

  const qualifications: NewJobQualificationRow[] = [];
  roleRows.forEach((role, index) => {
    if (role.state === 'closed') return;
    const title = meta[index]?.title;
    if (!title) return;
    const count = Math.min(title.quals.length, 2 + Math.floor(random() * 4));
    title.quals.slice(0, count).forEach(([name, kind], position) => {
      qualifications.push({
        roleId: role.id,
        name,
        kind: kind === 'must' ? 'must_have' : 'nice_to_have',
        description: '',
        position: position + 1,
        createdAt: role.createdAt,
        updatedAt: role.createdAt,
      });
    });
  });
  await insertQualifications(db, qualifications);

  const notes: NewNoteRow[] = [];
  const noteAt = (from: Date) =>
    new Date(
      Math.min(
        now.getTime() - 3_600_000,
        from.getTime() + Math.floor(random() * 60) * day + Math.floor(random() * day),
      ),
    );
  clientRows.forEach((client, index) => {
    if (index % 3 === 2) return;
    const count = 1 + Math.floor(random() * 3);
    for (let n = 0; n < count; n += 1) {
      const author = pick(writers);
      const at = noteAt(client.createdAt);
      notes.push(
        buildNote({
          modelType: 'client',
          objectId: client.id,
          body: pick(CLIENT_NOTES),
          pinned: n === 0 && random() < 0.3,
          authorId: author.id,
          authorName: displayName(author),
          createdAt: at,
          updatedAt: at,
        }),
      );
    }
  });
  roleRows.forEach((role, index) => {
    if (index % 2 === 1) return;
    const count = 1 + Math.floor(random() * 3);
    for (let n = 0; n < count; n += 1) {
      const author = pick(writers);
      const at = noteAt(role.createdAt);
      notes.push(
        buildNote({
          modelType: 'role',
          objectId: role.id,
          body: pick(ROLE_NOTES),
          pinned: n === 0 && random() < 0.25,
          authorId: author.id,
          authorName: displayName(author),
          createdAt: at,
          updatedAt: at,
        }),
      );
    }
  });
  await insertNotes(db, notes);

  // A recent-activity trail for the dashboard: the latest few role events.
  const recent = [...roleRows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).slice(-12);
  for (const role of recent) {
    const client = clientRows.find((row) => row.id === role.clientId);
    const actor = users.find((user) => user.id === role.recruiterId) ?? owner;
    await recordActivity(db, {
      scope: { clientId: role.clientId },
      actor,
      verb: 'created',
      modelType: 'role',
      objectId: role.id,
      summary: `Created role ${role.name} for ${client?.name ?? 'a client'}`,
      at: role.createdAt,
    });
  }
  return { clients: clientRows.length, roles: roleRows.length, clientRows, roleRows };
}

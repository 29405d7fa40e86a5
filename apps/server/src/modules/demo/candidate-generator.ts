// Over 400 lines: mostly word lists (names, titles, skills, employers, places) that the seeded generator of demo candidates draws from; the generator itself is short.
import { CANDIDATE_STATUSES, type CandidateStatus } from '@recruitdesk/contracts/candidates';
import { seededRandom } from '../../lib/seeded-random';
import type { CandidateValues } from '../candidates/candidates.table';
import { generateResumeText } from './resume-text-generator';

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Christopher',
  'Karen',
  'Daniel',
  'Lisa',
  'Matthew',
  'Nancy',
  'Anthony',
  'Sandra',
  'Mark',
  'Ashley',
  'Steven',
  'Emily',
  'Andrew',
  'Michelle',
  'Joshua',
  'Amanda',
  'Kevin',
  'Melissa',
  'Brian',
  'Stephanie',
  'Priya',
  'Wei',
  'Aisha',
  'Carlos',
  'Sofia',
  'Mateo',
  'Yuki',
  'Hiroshi',
  'Fatima',
  'Omar',
  'Ananya',
  'Arjun',
  'Chloe',
  'Liam',
  'Olivia',
  'Noah',
  'Emma',
  'Ethan',
  'Ava',
  'Lucas',
  'Mia',
  'Isabella',
  'Diego',
  'Camila',
  'Nadia',
  'Tariq',
  'Ingrid',
  'Lars',
  'Zoe',
  'Grace',
  'Hannah',
  'Samuel',
  'Benjamin',
  'Elena',
  'Marco',
  'Leila',
  'Kwame',
  'Amara',
  'Chen',
  'Mei',
  'Rahul',
  'Deepa',
  'Tomasz',
  'Katarzyna',
  'Sean',
  'Niamh',
  'Oluwaseun',
  'Adaeze',
  'Jamal',
  'Keisha',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Patel',
  'Shah',
  'Kim',
  'Park',
  'Chen',
  'Wang',
  'Zhang',
  'Tanaka',
  'Sato',
  'Okafor',
  'Mensah',
  'Haddad',
  'Khan',
  'Iyer',
  'Reddy',
  'Kowalski',
  'Novak',
  'Jensen',
  'Larsen',
  'Murphy',
  "O'Brien",
  'Kelly',
  'Rossi',
  'Bianchi',
  'Schmidt',
  'Fischer',
  'Dubois',
  'Moreau',
  'Silva',
  'Santos',
  'Costa',
  'Ali',
  'Hassan',
  'Cohen',
];
const COMPANIES = [
  'Acme Software',
  'Globex',
  'Initech',
  'Umbrella Health',
  'Stark Industries',
  'Wayne Logistics',
  'Cyberdyne Systems',
  'Soylent Foods',
  'Hooli',
  'Pied Piper',
  'Vandelay Industries',
  'Wonka Confections',
  'Tyrell Corporation',
  'Massive Dynamic',
  'Aperture Labs',
  'Blue Sun Energy',
  'Oscorp',
  'Gringotts Bank',
  'Monarch Solutions',
  'Nakatomi Trading',
  'Dunder Mifflin',
  'Sterling Cooper',
  'Prestige Worldwide',
  'Bluth Company',
  'Gekko & Co',
  'Contoso',
  'Fabrikam',
  'Northwind Traders',
  'Tailspin Toys',
  'Wide World Importers',
  'Adventure Works',
  'Litware',
  'Proseware',
  'Fourth Coffee',
  'Alpine Ski House',
  'Coho Winery',
  'Lucerne Publishing',
  'Margie Travel',
  'Trey Research',
  'Woodgrove Bank',
  'Relecloud',
  'Datum Corporation',
];
const CITIES = [
  'Seattle, WA',
  'Portland, OR',
  'San Francisco, CA',
  'Los Angeles, CA',
  'San Diego, CA',
  'Austin, TX',
  'Dallas, TX',
  'Houston, TX',
  'Denver, CO',
  'Phoenix, AZ',
  'Chicago, IL',
  'Minneapolis, MN',
  'Boston, MA',
  'New York, NY',
  'Atlanta, GA',
  'Miami, FL',
  'Raleigh, NC',
  'Nashville, TN',
  'Salt Lake City, UT',
  'Pittsburgh, PA',
  'Philadelphia, PA',
  'Remote (US)',
];
const SOURCES = [
  'LinkedIn',
  'Referral',
  'Job board',
  'Careers page',
  'Agency database',
  'Networking event',
  'Indeed',
  'GitHub',
];

interface Track {
  titles: string[];
  skills: string[];
  salary: [number, number];
}

const TRACKS: Track[] = [
  {
    titles: [
      'Software Engineer',
      'Senior Software Engineer',
      'Backend Engineer',
      'Staff Engineer',
      'Full Stack Developer',
      'Frontend Engineer',
    ],
    skills: [
      'TypeScript',
      'JavaScript',
      'React',
      'Node.js',
      'Python',
      'Go',
      'Java',
      'Kotlin',
      'PostgreSQL',
      'GraphQL',
      'REST APIs',
      'AWS',
      'Docker',
      'Kubernetes',
      'Redis',
      'Microservices',
      'CI/CD',
      'Vue.js',
      'Rust',
      'C#',
      '.NET',
    ],
    salary: [90000, 220000],
  },
  {
    titles: ['Data Scientist', 'Data Engineer', 'Machine Learning Engineer', 'Analytics Engineer', 'Data Analyst'],
    skills: [
      'Python',
      'SQL',
      'Spark',
      'Airflow',
      'dbt',
      'Snowflake',
      'TensorFlow',
      'PyTorch',
      'Pandas',
      'Tableau',
      'Power BI',
      'Statistics',
      'A/B Testing',
      'Kafka',
      'BigQuery',
    ],
    salary: [85000, 210000],
  },
  {
    titles: [
      'DevOps Engineer',
      'Site Reliability Engineer',
      'Cloud Architect',
      'Platform Engineer',
      'Security Engineer',
    ],
    skills: [
      'AWS',
      'Azure',
      'GCP',
      'Terraform',
      'Kubernetes',
      'Docker',
      'Linux',
      'Ansible',
      'Prometheus',
      'Grafana',
      'Incident Response',
      'Networking',
      'IAM',
      'Python',
      'Bash',
    ],
    salary: [100000, 215000],
  },
  {
    titles: ['Product Designer', 'UX Designer', 'UX Researcher', 'Product Manager', 'Senior Product Manager'],
    skills: [
      'Figma',
      'User Research',
      'Prototyping',
      'Design Systems',
      'Accessibility',
      'Roadmapping',
      'Agile',
      'Jira',
      'Stakeholder Management',
      'Analytics',
      'Usability Testing',
    ],
    salary: [85000, 190000],
  },
  {
    titles: [
      'Registered Nurse',
      'ICU Nurse',
      'Nurse Practitioner',
      'Clinical Manager',
      'Physical Therapist',
      'Medical Assistant',
    ],
    skills: [
      'Patient Care',
      'BLS',
      'ACLS',
      'Epic EHR',
      'Critical Care',
      'Triage',
      'Medication Administration',
      'Case Management',
      'Telemetry',
      'Pediatrics',
      'Wound Care',
    ],
    salary: [55000, 150000],
  },
  {
    titles: ['Accountant', 'Financial Analyst', 'Controller', 'Audit Manager', 'FP&A Manager', 'Payroll Specialist'],
    skills: [
      'Excel',
      'GAAP',
      'Financial Modeling',
      'NetSuite',
      'SAP',
      'QuickBooks',
      'Budgeting',
      'Forecasting',
      'Audit',
      'Tax',
      'CPA',
      'SOX Compliance',
    ],
    salary: [60000, 180000],
  },
  {
    titles: [
      'Account Executive',
      'Sales Development Representative',
      'Customer Success Manager',
      'Sales Manager',
      'Marketing Manager',
    ],
    skills: [
      'Salesforce',
      'HubSpot',
      'Negotiation',
      'Cold Outreach',
      'SaaS Sales',
      'Account Management',
      'SEO',
      'Content Marketing',
      'Lead Generation',
      'CRM',
    ],
    salary: [50000, 170000],
  },
  {
    titles: [
      'Logistics Coordinator',
      'Supply Chain Analyst',
      'Warehouse Manager',
      'Operations Manager',
      'Procurement Specialist',
    ],
    skills: [
      'Supply Chain',
      'Inventory Management',
      'SAP',
      'Lean',
      'Six Sigma',
      'Forklift Certified',
      'Vendor Management',
      'Excel',
      'ERP',
      'Forecasting',
    ],
    salary: [45000, 140000],
  },
];

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function pickSome<T>(random: () => number, items: readonly T[], howMany: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < howMany && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as T);
  return out;
}

function pickStatus(random: () => number): CandidateStatus {
  const roll = random();
  if (roll < 0.72) return 'active';
  if (roll < 0.84) return 'archived';
  if (roll < 0.95) return 'placed';
  return CANDIDATE_STATUSES[2];
}

const slug = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');

export interface GenerateOptions {
  /** The same seed gives the same candidates. */
  seed?: number;
  /** Candidates are created over the three years before this date. */
  now?: Date;
  /** Makes emails unique across several generated batches. */
  offset?: number;
  createdById?: number | null;
  /**
   * Share of candidates (0–1) with a resume: realistic extracted text of 2–6 KB and its file details
   * (no stored file). Default 0 (the demo data has no resumes); the bench uses 0.9.
   */
  resumeShare?: number;
}

/** `count` realistic candidates from fixed pools with a seeded PRNG: deterministic for a seed and date. */
export function generateCandidates(count: number, options: GenerateOptions = {}): CandidateValues[] {
  const random = seededRandom(options.seed ?? 20_261_122);
  // A generator of its own, so resumes never change the other fields of a seed.
  const resumeRandom = seededRandom((options.seed ?? 20_261_122) ^ 0x5eed);
  const resumeShare = options.resumeShare ?? 0;
  const now = (options.now ?? new Date('2026-11-22T12:00:00Z')).getTime();
  const span = 3 * 365 * 86_400_000;
  const rows: CandidateValues[] = [];
  for (let index = 0; index < count; index += 1) {
    const number = (options.offset ?? 0) + index;
    const firstName = pick(random, FIRST_NAMES);
    const lastName = pick(random, LAST_NAMES);
    const track = pick(random, TRACKS);
    const years = Math.floor(random() * random() * 30);
    const seniority = Math.min(1, years / 20);
    const [low, high] = track.salary;
    const salary = Math.round((low + (high - low) * (0.6 * seniority + 0.4 * random())) / 1000) * 1000;
    const createdAt = new Date(now - Math.floor(random() * span));
    const area = 200 + Math.floor(random() * 790);
    const line = String(number % 10_000_000).padStart(7, '0');
    const row: CandidateValues = {
      firstName,
      lastName,
      email: `${slug(firstName)}.${slug(lastName)}.${number}@${pick(random, ['gmail.example', 'outlook.example', 'proton.example', 'mail.example'])}`,
      phone: `+1 ${area} ${line.slice(0, 3)} ${line.slice(3)}`,
      location: pick(random, CITIES),
      currentTitle: pick(random, track.titles),
      currentCompany: pick(random, COMPANIES),
      linkedinUrl:
        random() < 0.7 ? `https://www.linkedin.com/in/${slug(firstName)}-${slug(lastName)}-${number.toString(36)}` : '',
      skills: pickSome(random, track.skills, 3 + Math.floor(random() * 7)),
      yearsExperience: random() < 0.05 ? null : years,
      desiredSalary: random() < 0.15 ? null : String(salary),
      status: pickStatus(random),
      source: pick(random, SOURCES),
      consentDate: random() < 0.8 ? createdAt.toISOString().slice(0, 10) : null,
      createdById: options.createdById ?? null,
      createdAt,
      updatedAt: createdAt,
    };
    if (resumeShare > 0 && resumeRandom() < resumeShare) {
      const resumeText = generateResumeText(
        resumeRandom,
        {
          ...row,
          email: row.email ?? '',
          phone: row.phone ?? '',
          location: row.location ?? '',
          currentTitle: row.currentTitle ?? '',
          currentCompany: row.currentCompany ?? '',
          skills: row.skills ?? [],
          yearsExperience: row.yearsExperience ?? null,
          trackTitles: track.titles,
          trackSkills: track.skills,
        },
        createdAt,
      );
      const pdf = resumeRandom() < 0.7;
      Object.assign(row, {
        resumeKey: `resumes/${number}/generated-${number.toString(36)}.${pdf ? 'pdf' : 'docx'}`,
        resumeFilename: `${firstName} ${lastName} Resume.${pdf ? 'pdf' : 'docx'}`,
        resumeSize: resumeText.length * (pdf ? 9 : 4) + 20_000,
        resumeContentType: pdf
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        resumeUploadedAt: createdAt,
        resumeText,
        resumeHasText: true,
      } satisfies Partial<CandidateValues>);
    }
    rows.push(row);
  }
  return rows;
}

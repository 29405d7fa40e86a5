// Over 400 lines: mostly vocabulary (employers, schools, projects, phrases) for deterministic resume text; the generator itself is short.
/**
 * Plain resume text as extracted from a real PDF or DOCX: header, summary, three to five jobs with
 * bullet points, projects, education, certifications, skills, languages and interests. 2–6 KB each, with a
 * Zipf-like vocabulary (a few words in every resume, many in a few: employers, schools, project names),
 * so the bench measures the search on honest data. Deterministic for a seeded random generator.
 */

export interface ResumeSubject {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  currentTitle: string;
  currentCompany: string;
  skills: string[];
  yearsExperience: number | null;
  /** Titles and skills of the candidate's field, for earlier jobs and bullets. */
  trackTitles: readonly string[];
  trackSkills: readonly string[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const EMPLOYERS = [
  'Amazon',
  'Microsoft',
  'Google',
  'Salesforce',
  'Oracle',
  'IBM',
  'Accenture',
  'Deloitte',
  'Kaiser Permanente',
  'Providence',
  'Boeing',
  'Nordstrom',
  'Starbucks',
  'Expedia',
  'Zillow',
  'T-Mobile',
  'Costco',
  'REI',
  'Alaska Airlines',
  'PACCAR',
  'Intuit',
  'Adobe',
  'Cisco',
  'Intel',
  'Dell',
  'HP',
  'VMware',
  'ServiceNow',
  'Workday',
  'Snowflake',
  'Databricks',
  'Stripe',
  'Square',
  'Shopify',
  'Twilio',
  'Atlassian',
  'Slack',
  'Dropbox',
  'Airbnb',
  'Uber',
  'Lyft',
  'DoorDash',
  'Instacart',
  'Target',
  'Walmart',
  'Home Depot',
  "Lowe's",
  'UPS',
  'FedEx',
  'DHL',
  'Maersk',
  'Cardinal Health',
  'McKesson',
  'CVS Health',
  'UnitedHealth Group',
  'Cigna',
  'Humana',
  'Aetna',
  'Mayo Clinic',
  'Cleveland Clinic',
  'Johns Hopkins Hospital',
  'JPMorgan Chase',
  'Wells Fargo',
  'Bank of America',
  'Goldman Sachs',
  'Morgan Stanley',
  'Charles Schwab',
  'Fidelity',
  'Vanguard',
  'KPMG',
  'EY',
  'PwC',
  'Grant Thornton',
  'BDO',
  'Moss Adams',
  'HubSpot',
  'Zendesk',
  'Okta',
  'Cloudflare',
];
const UNIVERSITIES = [
  'University of Washington',
  'Washington State University',
  'Oregon State University',
  'Portland State University',
  'University of California, Berkeley',
  'UCLA',
  'San Jose State University',
  'Stanford University',
  'University of Texas at Austin',
  'Texas A&M University',
  'Arizona State University',
  'University of Colorado Boulder',
  'University of Michigan',
  'University of Illinois Urbana-Champaign',
  'Purdue University',
  'Georgia Institute of Technology',
  'Carnegie Mellon University',
  'Northeastern University',
  'Boston University',
  'New York University',
  'Rutgers University',
  'Penn State University',
  'Ohio State University',
  'University of Minnesota',
  'University of Wisconsin–Madison',
  'University of Florida',
  'North Carolina State University',
  'Vanderbilt University',
  'University of Utah',
  'Indian Institute of Technology Bombay',
  'University of Toronto',
  'University of British Columbia',
  'Tsinghua University',
  'University of Lagos',
  'Universidad de los Andes',
  'Technical University of Munich',
  'Warsaw University of Technology',
  'University of Manchester',
  'Trinity College Dublin',
];
const DEGREES = [
  'B.S.',
  'B.A.',
  'M.S.',
  'MBA',
  'B.Eng.',
  'M.Eng.',
  'Associate of Applied Science',
  'BSN',
  'MSN',
  'Ph.D.',
];
const FIELDS_OF_STUDY = [
  'Computer Science',
  'Information Systems',
  'Electrical Engineering',
  'Mathematics',
  'Statistics',
  'Economics',
  'Accounting',
  'Finance',
  'Business Administration',
  'Nursing',
  'Public Health',
  'Industrial Engineering',
  'Supply Chain Management',
  'Marketing',
  'Communications',
  'Psychology',
  'Human-Computer Interaction',
  'Physics',
  'Data Science',
  'Kinesiology',
];
const LANGUAGES = [
  'English (native)',
  'Spanish (fluent)',
  'Mandarin (conversational)',
  'Hindi (fluent)',
  'French (professional)',
  'German (basic)',
  'Portuguese (fluent)',
  'Japanese (conversational)',
  'Korean (basic)',
  'Polish (native)',
  'Arabic (fluent)',
  'Tagalog (fluent)',
  'Vietnamese (native)',
  'Russian (conversational)',
];
const INTERESTS = [
  'trail running',
  'rock climbing',
  'sailing',
  'woodworking',
  'chess',
  'volunteer tutoring',
  'photography',
  'cycling',
  'home brewing',
  'gardening',
  'marathons',
  'jazz piano',
  'backcountry skiing',
  'board games',
  'mentoring through Code.org',
  'food bank volunteering',
  'amateur astronomy',
  'ceramics',
];
const CERTIFICATIONS = [
  'AWS Certified Solutions Architect – Associate',
  'Certified Kubernetes Administrator (CKA)',
  'Google Professional Data Engineer',
  'PMP',
  'Certified ScrumMaster (CSM)',
  'CPA (Washington)',
  'CFA Level II candidate',
  'Six Sigma Green Belt',
  'APICS CSCP',
  'BLS and ACLS (American Heart Association)',
  'CCRN',
  'Salesforce Certified Administrator',
  'CompTIA Security+',
  'CISSP',
  'Microsoft Certified: Azure Fundamentals',
  'Tableau Desktop Specialist',
  'HubSpot Inbound Certification',
  'OSHA 30',
];
/** Rarely named tools and domains: the long tail of a real resume vocabulary. */
const UNCOMMON_TERMS = [
  'Erlang',
  'Elixir',
  'Haskell',
  'OCaml',
  'Clojure',
  'Scala',
  'Fortran',
  'COBOL',
  'Zig',
  'Julia',
  'Prolog',
  'Smalltalk',
  'Cassandra',
  'ScyllaDB',
  'CockroachDB',
  'ClickHouse',
  'Druid',
  'Pinot',
  'Flink',
  'Beam',
  'Dagster',
  'Prefect',
  'Superset',
  'Looker',
  'Mode',
  'Amplitude',
  'Mixpanel',
  'Segment',
  'Braze',
  'Marketo',
  'Pardot',
  'Gong',
  'Outreach',
  'Apollo',
  'ZoomInfo',
  'Meditech',
  'Cerner',
  'Allscripts',
  'Athenahealth',
  'Pyxis',
  'Omnicell',
  'HL7',
  'FHIR',
  'HIPAA',
  'Workiva',
  'BlackLine',
  'Hyperion',
  'Anaplan',
  'Adaptive Insights',
  'Coupa',
  'Ariba',
  'Manhattan WMS',
  'Blue Yonder',
  'Kinaxis',
  'Oracle EBS',
  'Terragrunt',
  'Pulumi',
  'Nomad',
  'Consul',
  'Vault',
  'Istio',
  'Linkerd',
  'Envoy',
  'eBPF',
  'Falco',
  'Wiz',
  'Snyk',
  'Veracode',
  'WebAssembly',
  'WebRTC',
  'gRPC',
  'Protobuf',
  'Thrift',
  'Avro',
  'Parquet',
  'Iceberg',
  'Hudi',
  'Delta Lake',
  'LangChain',
  'Hugging Face',
  'ONNX',
  'TensorRT',
  'CUDA',
  'OpenCV',
  'ROS',
  'PLC programming',
  'SCADA',
  'LabVIEW',
  'SolidWorks',
  'AutoCAD',
];
const ACTION_VERBS = [
  'Led',
  'Built',
  'Designed',
  'Delivered',
  'Owned',
  'Launched',
  'Improved',
  'Reduced',
  'Automated',
  'Migrated',
  'Managed',
  'Streamlined',
  'Drove',
  'Partnered with',
  'Mentored',
  'Introduced',
  'Scaled',
  'Redesigned',
  'Coordinated',
  'Implemented',
];
const OBJECTS = [
  'the onboarding flow',
  'a reporting pipeline',
  'quarterly planning',
  'the vendor selection process',
  'a customer analytics dashboard',
  'the month-end close',
  'incident response runbooks',
  'the patient intake process',
  'a pricing experiment',
  'inventory forecasting',
  'the release process',
  'a cross-functional team of 8',
  'regional account growth',
  'the hiring loop for the team',
  'compliance audits',
  'a data quality program',
  'the customer escalation queue',
  'shift scheduling',
  'the internal design system',
  'a cost reduction initiative',
];
const OUTCOMES = [
  'cutting turnaround time by {p}%',
  'saving ${k}K a year',
  'raising satisfaction scores by {p} points',
  'growing revenue {p}% year over year',
  'reducing errors by {p}%',
  'serving {n} users a day',
  'with zero downtime',
  'ahead of schedule and under budget',
  'across {n} sites',
  'which became the team standard',
  'recognized with the annual excellence award',
  'improving retention by {p}%',
];
const SUMMARY_OPENERS = [
  '{title} with {years} years of experience in {a}, {b} and {c}.',
  'Results-driven {title} who has spent {years} years delivering {a} and {b} projects for fast-growing teams.',
  'Detail-oriented {title} experienced in {a}, {b}, {c} and stakeholder communication.',
  'Collaborative {title} known for pragmatic work in {a} and {b}; comfortable leading and hands-on.',
];
const SUMMARY_CLOSERS = [
  'Looking for a role with ownership, clear goals and a team that values mentoring.',
  'Strong communicator with a track record of turning ambiguous problems into shipped results.',
  'Equally comfortable with executives, customers and individual contributors.',
  'Passionate about quality, measurable outcomes and continuous improvement.',
  'Open to hybrid or remote work; willing to travel up to 25%.',
];
const SYLLABLES = [
  'ka',
  'zen',
  'tor',
  'vi',
  'lo',
  'mar',
  'quin',
  'dra',
  'pel',
  'os',
  'tri',
  'nex',
  'sol',
  'ar',
  'bel',
  'cor',
  'dun',
  'fal',
  'gri',
  'hal',
  'jor',
  'kel',
  'lum',
  'nor',
  'pra',
  'rus',
  'sta',
  'tav',
  'ul',
  'vor',
  'wex',
  'yar',
  'zul',
];

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function pickSome<T>(random: () => number, items: readonly T[], howMany: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < howMany && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as T);
  return out;
}

/** A made-up product or project name (Zentorvi, Quindrapel): the rare words every real resume has. */
function codename(random: () => number): string {
  const length = 2 + Math.floor(random() * 2);
  const word = Array.from({ length }, () => pick(random, SYLLABLES)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function fill(template: string, random: () => number, values: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (key in values) return values[key] as string;
    if (key === 'p') return String(5 + Math.floor(random() * 60));
    if (key === 'k') return String(20 + Math.floor(random() * 900));
    if (key === 'n') return String(3 + Math.floor(random() * 5000));
    return key;
  });
}

function bullet(random: () => number, subject: ResumeSubject): string {
  const skill = pick(random, subject.trackSkills);
  const roll = random();
  if (roll < 0.35)
    return `• ${pick(random, ACTION_VERBS)} ${pick(random, OBJECTS)} using ${skill}, ${fill(pick(random, OUTCOMES), random)}.`;
  if (roll < 0.6)
    return `• ${pick(random, ACTION_VERBS)} the ${codename(random)} project with ${skill} and ${pick(random, subject.trackSkills)}, ${fill(pick(random, OUTCOMES), random)}.`;
  if (roll < 0.75)
    return `• Introduced ${pick(random, UNCOMMON_TERMS)} alongside ${skill} for ${pick(random, OBJECTS)}, ${fill(pick(random, OUTCOMES), random)}.`;
  if (roll < 0.9)
    return `• ${pick(random, ACTION_VERBS)} ${pick(random, OBJECTS)} in partnership with finance, operations and product leadership.`;
  return `• Trained and mentored ${2 + Math.floor(random() * 10)} colleagues on ${skill}; wrote the internal guide still used by the team.`;
}

/** Resume text for one candidate; `now` is the upload date (the current job runs until then). */
export function generateResumeText(random: () => number, subject: ResumeSubject, now: Date): string {
  const years = Math.max(1, subject.yearsExperience ?? 1 + Math.floor(random() * 10));
  const lines: string[] = [];
  lines.push(`${subject.firstName} ${subject.lastName}`);
  lines.push(
    `${subject.currentTitle || pick(random, subject.trackTitles)} | ${subject.location} | ${subject.email} | ${subject.phone}`,
  );
  lines.push('');
  lines.push('PROFESSIONAL SUMMARY');
  const [a, b, c] = pickSome(random, subject.trackSkills, 3);
  lines.push(
    `${fill(pick(random, SUMMARY_OPENERS), random, { title: subject.currentTitle || 'Professional', years: String(years), a: a ?? 'operations', b: b ?? 'delivery', c: c ?? 'planning' })} ${pick(random, SUMMARY_CLOSERS)}`,
  );
  lines.push('');
  lines.push('EXPERIENCE');
  const jobs = Math.min(5, 2 + Math.floor(years / 4) + Math.floor(random() * 2));
  let end = now.getUTCFullYear() * 12 + now.getUTCMonth();
  for (let job = 0; job < jobs; job += 1) {
    const length = 10 + Math.floor(random() * 40);
    const start = end - length;
    const employer = job === 0 && subject.currentCompany ? subject.currentCompany : pick(random, EMPLOYERS);
    const title = job === 0 && subject.currentTitle ? subject.currentTitle : pick(random, subject.trackTitles);
    const when = (month: number) => `${MONTHS[((month % 12) + 12) % 12]} ${Math.floor(month / 12)}`;
    lines.push(
      `${title}, ${employer}, ${pick(random, ['Seattle, WA', 'Remote', 'Austin, TX', 'New York, NY', 'Chicago, IL', 'Denver, CO', 'Boston, MA', 'San Francisco, CA', subject.location])}`,
    );
    lines.push(`${when(start)} – ${job === 0 ? 'Present' : when(end)}`);
    const bullets = 5 + Math.floor(random() * 4);
    for (let index = 0; index < bullets; index += 1) lines.push(bullet(random, subject));
    lines.push('');
    end = start - Math.floor(random() * 4);
  }
  lines.push('SELECTED PROJECTS');
  for (let index = 0; index < 2 + Math.floor(random() * 2); index += 1) {
    lines.push(
      `${codename(random)}: ${pick(random, ACTION_VERBS).toLowerCase()} ${pick(random, OBJECTS)} with ${pick(random, subject.trackSkills)} and ${pick(random, UNCOMMON_TERMS)}, ${fill(pick(random, OUTCOMES), random)}.`,
    );
  }
  lines.push('');
  lines.push('EDUCATION');
  lines.push(
    `${pick(random, DEGREES)} in ${pick(random, FIELDS_OF_STUDY)}, ${pick(random, UNIVERSITIES)}, ${Math.floor(end / 12) - Math.floor(random() * 2)}`,
  );
  if (random() < 0.3)
    lines.push(`${pick(random, DEGREES)} in ${pick(random, FIELDS_OF_STUDY)}, ${pick(random, UNIVERSITIES)}`);
  lines.push('');
  if (random() < 0.6) {
    lines.push('CERTIFICATIONS');
    for (const certification of pickSome(random, CERTIFICATIONS, 1 + Math.floor(random() * 3)))
      lines.push(`• ${certification}`);
    lines.push('');
  }
  lines.push('SKILLS');
  lines.push(
    [
      ...new Set([
        ...subject.skills,
        ...pickSome(random, subject.trackSkills, 4),
        ...pickSome(random, UNCOMMON_TERMS, 1 + Math.floor(random() * 3)),
      ]),
    ].join(', '),
  );
  lines.push('');
  lines.push(`LANGUAGES: ${pickSome(random, LANGUAGES, 1 + Math.floor(random() * 2)).join(', ')}`);
  lines.push(`INTERESTS: ${pickSome(random, INTERESTS, 2 + Math.floor(random() * 2)).join(', ')}`);
  lines.push('References available on request.');
  return lines.join('\n');
}

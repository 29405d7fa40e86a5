/**
 * The raw material of the generated resumes: names from many languages (with the first/last split a
 * recruiter would type), places with the phone plan of their country, jobs by field with the skills their
 * people write (in the spellings people use, aliases included), schools. Written independently of the
 * parser's vocabulary: a skill here is the canonical name a recruiter expects and the ways it is written.
 */

export interface PersonName {
  first: string;
  last: string;
  /** How it is written at the top; default `${first} ${last}`. */
  written?: string;
  culture: string;
}

export const NAMES: PersonName[] = [
  { first: 'James', last: 'Whitaker', culture: 'English' },
  { first: 'Emily', last: 'Thompson-Hayes', culture: 'English' },
  { first: 'Siobhan', last: "O'Connor", culture: 'English' },
  { first: 'Daniel', last: 'McAllister', culture: 'English' },
  { first: 'Grace', last: 'Lee', culture: 'English' },
  { first: 'María José', last: 'García López', culture: 'Spanish' },
  { first: 'Juan Carlos', last: 'de la Cruz', culture: 'Spanish' },
  { first: 'Lucía', last: 'Fernández', culture: 'Spanish' },
  { first: 'Alejandro', last: 'Ruiz Moreno', culture: 'Spanish' },
  { first: 'Jürgen', last: 'Müller', culture: 'German' },
  { first: 'Anna-Lena', last: 'Schröder', culture: 'German' },
  { first: 'Maximilian', last: 'von Hohenberg', culture: 'German' },
  { first: 'Katrin', last: 'Weiß', culture: 'German' },
  { first: 'Ludwig', last: 'van der Berg', culture: 'Dutch' },
  { first: 'Sanne', last: 'de Vries', culture: 'Dutch' },
  { first: 'Éloïse', last: 'Dubois', culture: 'French' },
  { first: 'Jean-Pierre', last: 'Lefèvre', culture: 'French' },
  { first: 'Amélie', last: 'Rousseau', culture: 'French' },
  { first: 'Priya', last: 'Venkataraman', culture: 'Indian' },
  { first: 'Rahul', last: 'Sharma', culture: 'Indian' },
  { first: 'Aditya', last: 'Deshpande', culture: 'Indian' },
  { first: 'Lakshmi', last: 'Narayanan', culture: 'Indian' },
  { first: 'Wei', last: 'Zhang', culture: 'Chinese' },
  { first: 'Xiaoling', last: 'Chen', written: 'CHEN Xiaoling', culture: 'Chinese' },
  { first: 'Hao', last: 'Liu', culture: 'Chinese' },
  { first: '伟', last: '王', written: '王伟', culture: 'Chinese' },
  { first: 'Omar', last: 'Al-Farsi', culture: 'Arabic' },
  { first: 'Layla', last: 'Haddad', culture: 'Arabic' },
  { first: 'Youssef', last: 'bin Khalid', culture: 'Arabic' },
  { first: 'Fatima', last: 'El Amrani', written: 'Fatima El Amrani', culture: 'Arabic' },
  { first: 'Dmitri', last: 'Ivanov', culture: 'Slavic' },
  { first: 'Katarzyna', last: 'Nowak', culture: 'Slavic' },
  { first: 'Milan', last: 'Petrović', culture: 'Slavic' },
  { first: 'Анна', last: 'Смирнова', culture: 'Slavic' },
  { first: 'Chukwuemeka', last: 'Okafor', culture: 'Nigerian' },
  { first: 'Oluwaseun', last: 'Adeyemi', culture: 'Nigerian' },
  { first: 'Ngozi', last: 'Eze', culture: 'Nigerian' },
  { first: 'Linh', last: 'Nguyen', culture: 'Vietnamese' },
  { first: 'Minh Anh', last: 'Tran', culture: 'Vietnamese' },
  { first: 'Thu', last: 'Pham', written: 'PHAM Thu', culture: 'Vietnamese' },
  { first: 'Kenji', last: 'Watanabe', culture: 'Japanese' },
  { first: 'Ji-woo', last: 'Park', culture: 'Korean' },
  { first: 'João', last: 'Silva Santos', culture: 'Portuguese' },
  { first: 'Giulia', last: 'Rossi', culture: 'Italian' },
];

export interface Place {
  location: string;
  country: 'US' | 'GB' | 'DE' | 'FR' | 'IN' | 'AU' | 'BR' | 'ES' | 'NG' | 'VN';
  /** Where the phone plan says national numbers are (digits, no prefix) - the generator fills the x's. */
  mobile: string;
  callingCode: string;
  /** The national trunk prefix ('' when none). */
  trunk: string;
}

export const PLACES: Place[] = [
  { location: 'San Francisco, CA', country: 'US', mobile: '415xxxxxxx', callingCode: '1', trunk: '' },
  { location: 'Austin, TX', country: 'US', mobile: '512xxxxxxx', callingCode: '1', trunk: '' },
  { location: 'New York, NY', country: 'US', mobile: '646xxxxxxx', callingCode: '1', trunk: '' },
  { location: 'London, United Kingdom', country: 'GB', mobile: '7700xxxxxx', callingCode: '44', trunk: '0' },
  { location: 'Manchester, UK', country: 'GB', mobile: '7911xxxxxx', callingCode: '44', trunk: '0' },
  { location: 'Berlin, Germany', country: 'DE', mobile: '1512xxxxxxx', callingCode: '49', trunk: '0' },
  { location: 'München, Deutschland', country: 'DE', mobile: '1761xxxxxxx', callingCode: '49', trunk: '0' },
  { location: 'Paris, France', country: 'FR', mobile: '6xxxxxxxx', callingCode: '33', trunk: '0' },
  { location: 'Lyon, France', country: 'FR', mobile: '7xxxxxxxx', callingCode: '33', trunk: '0' },
  { location: 'Bengaluru, India', country: 'IN', mobile: '98xxxxxxxx', callingCode: '91', trunk: '0' },
  { location: 'Pune, India', country: 'IN', mobile: '70xxxxxxxx', callingCode: '91', trunk: '0' },
  { location: 'Sydney, Australia', country: 'AU', mobile: '41xxxxxxx', callingCode: '61', trunk: '0' },
  { location: 'Melbourne, Australia', country: 'AU', mobile: '42xxxxxxx', callingCode: '61', trunk: '0' },
  { location: 'São Paulo, Brazil', country: 'BR', mobile: '119xxxxxxxx', callingCode: '55', trunk: '0' },
  { location: 'Madrid, Spain', country: 'ES', mobile: '6xxxxxxxx', callingCode: '34', trunk: '' },
  { location: 'Lagos, Nigeria', country: 'NG', mobile: '803xxxxxxx', callingCode: '234', trunk: '0' },
  { location: 'Hanoi, Vietnam', country: 'VN', mobile: '91xxxxxxx', callingCode: '84', trunk: '0' },
];

/** A skill as a recruiter names it and the spellings people write it in. */
export type SkillSpelling = [canonical: string, ...written: string[]];

export interface Field {
  name: string;
  titles: string[];
  companies: string[];
  skills: SkillSpelling[];
  /** Bullet points; `{skill}` is replaced by a skill's spelling. */
  bullets: string[];
}

export const FIELDS: Field[] = [
  {
    name: 'software',
    titles: ['Senior Software Engineer', 'Backend Developer', 'Full Stack Developer', 'Software Engineer II', 'Lead Frontend Engineer', 'Staff Engineer', 'DevOps Engineer', 'Site Reliability Engineer'],
    companies: ['Acme Payments Inc.', 'Globex GmbH', 'Initech Solutions Ltd', 'Hooli', 'Northwind Technologies', 'Stark Digital', 'Blue Harbor Labs', 'Pied Piper Systems'],
    skills: [
      ['JavaScript', 'JavaScript', 'JS', 'Javascript', 'ES6'],
      ['TypeScript', 'TypeScript', 'TS'],
      ['Python', 'Python', 'Python 3'],
      ['Go', 'Go', 'Golang'],
      ['Java', 'Java'],
      ['C#', 'C#'],
      ['C++', 'C++'],
      ['Node.js', 'Node.js', 'NodeJS', 'Node'],
      ['React', 'React', 'React.js', 'ReactJS'],
      ['Kubernetes', 'Kubernetes', 'k8s', 'K8s'],
      ['Docker', 'Docker'],
      ['PostgreSQL', 'PostgreSQL', 'Postgres', 'psql'],
      ['AWS', 'AWS', 'Amazon Web Services'],
      ['Google Cloud', 'GCP', 'Google Cloud Platform'],
      ['Terraform', 'Terraform'],
      ['GraphQL', 'GraphQL'],
      ['Redis', 'Redis'],
      ['.NET', '.NET', '.NET Core'],
      ['Microservices', 'microservices', 'Microservices'],
      ['CI/CD', 'CI/CD', 'continuous integration'],
      ['Vue.js', 'Vue.js', 'Vue'],
      ['Django', 'Django'],
      ['MongoDB', 'MongoDB', 'Mongo'],
      ['Apache Kafka', 'Kafka', 'Apache Kafka'],
    ],
    bullets: [
      'Built and operated {skill} services handling 40k requests per second.',
      'Migrated the billing platform to {skill} and {skill}, cutting deploy time by 70%.',
      'Mentored four engineers and ran the weekly architecture review.',
      'Designed the event pipeline on {skill}; led the on-call rotation.',
      'Rewrote the customer dashboard in {skill} with {skill}.',
      'Reduced cloud spend by 30% after moving batch jobs to {skill}.',
    ],
  },
  {
    name: 'data',
    titles: ['Data Scientist', 'Senior Data Analyst', 'Machine Learning Engineer', 'Data Engineer', 'Analytics Lead'],
    companies: ['Quantico Analytics', 'Datawise Ltd', 'Lumen Insights GmbH', 'Tata Consultancy Services', 'Sunrise Retail Group'],
    skills: [
      ['Python', 'Python'],
      ['SQL', 'SQL'],
      ['R', 'R'],
      ['Machine Learning', 'Machine Learning', 'ML'],
      ['Pandas', 'pandas', 'Pandas'],
      ['scikit-learn', 'scikit-learn', 'sklearn'],
      ['TensorFlow', 'TensorFlow'],
      ['PyTorch', 'PyTorch'],
      ['Apache Spark', 'Spark', 'PySpark', 'Apache Spark'],
      ['Tableau', 'Tableau'],
      ['Power BI', 'Power BI', 'PowerBI'],
      ['Apache Airflow', 'Airflow'],
      ['Snowflake', 'Snowflake'],
      ['Statistics', 'statistics', 'Statistical Analysis'],
      ['Natural Language Processing', 'NLP', 'natural language processing'],
      ['Deep Learning', 'deep learning', 'Deep Learning'],
    ],
    bullets: [
      'Built churn models in {skill} that lifted retention by 4 points.',
      'Owned the reporting layer in {skill} used by 300 colleagues.',
      'Designed experiments and dashboards with {skill}.',
      'Moved nightly batch jobs to {skill}, halving the run time.',
      'Presented findings to the leadership team every quarter.',
    ],
  },
  {
    name: 'design',
    titles: ['Product Designer', 'Senior UX Designer', 'UI Designer', 'Design Lead'],
    companies: ['Studio Nord', 'Pixel & Pine', 'Brightside Media', 'Canvas Creative Agency'],
    skills: [
      ['Figma', 'Figma'],
      ['Sketch', 'Sketch'],
      ['Adobe Photoshop', 'Photoshop', 'Adobe Photoshop'],
      ['Adobe Illustrator', 'Adobe Illustrator'],
      ['User Research', 'user research', 'User Research'],
      ['Prototyping', 'prototyping', 'Prototyping'],
      ['Wireframing', 'wireframing', 'Wireframes'],
      ['Design Systems', 'design systems', 'Design System'],
      ['Usability Testing', 'usability testing'],
      ['HTML', 'HTML', 'HTML5'],
      ['CSS', 'CSS', 'CSS3'],
    ],
    bullets: [
      'Led the redesign of the onboarding flow in {skill}; sign-ups rose 18%.',
      'Ran {skill} sessions with forty customers each quarter.',
      'Built and maintained the company {skill}.',
      'Worked closely with engineering and product on weekly releases.',
    ],
  },
  {
    name: 'finance',
    titles: ['Financial Analyst', 'Senior Accountant', 'FP&A Manager', 'Finance Manager', 'Audit Associate'],
    companies: ['Meridian Capital Partners', 'Deloitte', 'Hamilton & Reed LLP', 'Banco Atlântico S.A.', 'Crescent Bank plc'],
    skills: [
      ['Financial Modeling', 'financial modeling', 'Financial Modelling', 'financial models'],
      ['Microsoft Excel', 'Excel', 'Advanced Excel', 'MS Excel'],
      ['IFRS', 'IFRS'],
      ['US GAAP', 'US GAAP', 'GAAP'],
      ['Budgeting', 'budgeting', 'Budgeting'],
      ['Forecasting', 'forecasting'],
      ['Valuation', 'valuation', 'DCF'],
      ['SAP', 'SAP'],
      ['QuickBooks', 'QuickBooks'],
      ['Power BI', 'Power BI'],
      ['Accounts Payable', 'accounts payable'],
      ['Risk Management', 'risk management'],
    ],
    bullets: [
      'Prepared monthly management accounts and variance analysis under {skill}.',
      'Built the three-statement {skill} used for the Series C.',
      'Led annual {skill} and quarterly {skill} for a 40M budget.',
      'Closed the books in five days instead of nine.',
    ],
  },
  {
    name: 'sales',
    titles: ['Account Executive', 'Sales Manager', 'Business Development Representative', 'Key Account Manager'],
    companies: ['Salesright Inc.', 'Vertex Software', 'Northstar Logistics Ltd', 'Orbit Telecom'],
    skills: [
      ['Salesforce', 'Salesforce', 'SFDC'],
      ['HubSpot', 'HubSpot'],
      ['B2B Sales', 'B2B sales', 'B2B Sales'],
      ['Lead Generation', 'lead generation', 'lead gen'],
      ['Negotiation', 'negotiation'],
      ['Account Management', 'account management', 'key account management'],
      ['Cold Calling', 'cold calling'],
      ['Customer Relationship Management', 'CRM'],
    ],
    bullets: [
      'Closed 2.1M in new business in my first year, 130% of quota.',
      'Ran {skill} for the DACH region and managed 60 accounts in {skill}.',
      'Grew the pipeline through {skill} and partner events.',
    ],
  },
  {
    name: 'marketing',
    titles: ['Marketing Manager', 'Digital Marketing Specialist', 'Content Strategist', 'Growth Marketing Lead'],
    companies: ['Bloom Brands', 'Kite Media Group', 'Nomad Travel Co.', 'Helios Consumer Goods'],
    skills: [
      ['Search Engine Optimization', 'SEO'],
      ['Google Analytics', 'Google Analytics', 'GA4'],
      ['Google Ads', 'Google Ads', 'AdWords'],
      ['Content Marketing', 'content marketing'],
      ['Email Marketing', 'email marketing'],
      ['Social Media Marketing', 'social media marketing'],
      ['Copywriting', 'copywriting'],
      ['HubSpot', 'HubSpot'],
      ['Marketing Automation', 'marketing automation', 'Marketo'],
    ],
    bullets: [
      'Doubled organic traffic in a year through {skill} and {skill}.',
      'Ran paid campaigns on {skill} with a 4x return.',
      'Managed a team of three and a yearly budget of 800k.',
    ],
  },
  {
    name: 'hr',
    titles: ['HR Business Partner', 'Talent Acquisition Specialist', 'People Operations Manager', 'Recruiter'],
    companies: ['Peoplefirst Consulting', 'Atlas Manufacturing GmbH', 'Greenfield Health', 'Cobalt Retail Ltd'],
    skills: [
      ['Recruiting', 'recruiting', 'talent acquisition', 'Recruitment'],
      ['Onboarding', 'onboarding'],
      ['Workday', 'Workday'],
      ['Employee Relations', 'employee relations'],
      ['Performance Management', 'performance management'],
      ['Payroll', 'payroll'],
      ['HRIS', 'HRIS'],
      ['Compensation and Benefits', 'compensation and benefits', 'C&B'],
    ],
    bullets: [
      'Hired 85 people in a year across engineering and sales through {skill}.',
      'Rolled out {skill} for 1,200 employees.',
      'Advised managers on {skill} and restructuring.',
    ],
  },
  {
    name: 'healthcare',
    titles: ['Registered Nurse', 'Charge Nurse', 'Clinical Research Coordinator', 'ICU Nurse'],
    companies: ["St. Mary's Hospital", 'Royal Infirmary NHS Trust', 'Charité Berlin', 'Apollo Hospitals', 'Mercy Health Clinic'],
    skills: [
      ['Patient Care', 'patient care'],
      ['Electronic Health Records', 'EHR', 'EMR', 'electronic health records'],
      ['Basic Life Support', 'BLS'],
      ['Advanced Cardiac Life Support', 'ACLS'],
      ['Medication Administration', 'medication administration'],
      ['Triage', 'triage'],
      ['Wound Care', 'wound care'],
      ['Clinical Research', 'clinical research', 'clinical trials'],
      ['HIPAA', 'HIPAA'],
    ],
    bullets: [
      'Provided {skill} for up to six patients per shift on a surgical ward.',
      'Charted in Epic {skill} and trained new starters.',
      'Led {skill} in the emergency department at night.',
    ],
  },
  {
    name: 'engineering',
    titles: ['Mechanical Engineer', 'Process Engineer', 'Civil Engineer', 'Quality Engineer'],
    companies: ['Siemens AG', 'Bosch Rexroth', 'Larsen & Toubro Ltd', 'Arup Group', 'Vinfast JSC'],
    skills: [
      ['AutoCAD', 'AutoCAD'],
      ['SolidWorks', 'SolidWorks'],
      ['MATLAB', 'MATLAB', 'Matlab'],
      ['Finite Element Analysis', 'FEA', 'finite element analysis'],
      ['Six Sigma', 'Six Sigma', 'Lean Six Sigma'],
      ['Root Cause Analysis', 'root cause analysis'],
      ['Lean Manufacturing', 'lean manufacturing'],
      ['Autodesk Revit', 'Revit'],
      ['PLC Programming', 'PLC programming', 'PLCs'],
    ],
    bullets: [
      'Designed fixtures in {skill} for the new assembly line.',
      'Cut scrap by 22% with {skill} projects.',
      'Ran {skill} on the gearbox housing and signed off the design.',
    ],
  },
];

export const LANGUAGES: SkillSpelling[] = [
  ['English', 'English'],
  ['Spanish', 'Spanish'],
  ['French', 'French'],
  ['German', 'German'],
  ['Hindi', 'Hindi'],
  ['Mandarin', 'Mandarin'],
  ['Arabic', 'Arabic'],
  ['Portuguese', 'Portuguese'],
];

export const SCHOOLS = [
  { institution: 'University of Manchester', degrees: ['BSc Computer Science', 'MSc Data Science', 'BA Economics'] },
  { institution: 'Technische Universität München', degrees: ['M.Sc. Informatik', 'B.Sc. Maschinenbau'] },
  { institution: 'Université Paris-Saclay', degrees: ['Master en Informatique', 'Licence de Mathématiques'] },
  { institution: 'Indian Institute of Technology Bombay', degrees: ['B.Tech in Mechanical Engineering', 'B.Tech Computer Science'] },
  { institution: 'Universidad Complutense de Madrid', degrees: ['Licenciatura en Economía', 'Master in Finance'] },
  { institution: 'University of Lagos', degrees: ['BSc Accounting', 'B.Eng Civil Engineering'] },
  { institution: 'Stanford University', degrees: ['MS Computer Science', 'MBA'] },
  { institution: 'University of Sydney', degrees: ['Bachelor of Nursing', 'Bachelor of Commerce'] },
  { institution: 'Hanoi University of Science and Technology', degrees: ['Bachelor of Engineering'] },
  { institution: 'Universidade de São Paulo', degrees: ['Bacharelado em Administração', 'MBA'] },
];

export const SUMMARIES = [
  'Pragmatic professional who likes shipping things that matter and working with kind people.',
  'Calm under pressure; happiest when a messy problem becomes a simple routine.',
  'Looking for a team that values ownership, clear writing and steady delivery.',
  'Eight years across start-ups and large companies, in three countries.',
];

/**
 * The matching evaluation's labelled set (docs/matching.md "Evaluation"): job families, roles and, for every
 * role, 40 candidates graded 0–3 by the written rules of `grade` below, applied to every candidate the same
 * way whatever made it. The generator is seeded: the same set on every run.
 */
import { seededRandom } from '../../src/lib/seeded-random';

export interface Family {
  key: string;
  titles: string[];
  skills: string[];
}

export const FAMILIES: Family[] = [
  {
    key: 'data',
    titles: ['Data Engineer'],
    skills: ['Python', 'SQL', 'Apache Spark', 'Airflow', 'Kafka', 'dbt', 'Snowflake'],
  },
  {
    key: 'go',
    titles: ['Backend Engineer', 'Backend Developer'],
    skills: ['Go', 'PostgreSQL', 'Docker', 'Kubernetes', 'gRPC', 'Redis'],
  },
  {
    key: 'frontend',
    titles: ['Frontend Engineer', 'Frontend Developer'],
    skills: ['JavaScript', 'TypeScript', 'React', 'CSS', 'Next.js', 'GraphQL'],
  },
  {
    key: 'devops',
    titles: ['DevOps Engineer', 'Site Reliability Engineer'],
    skills: ['Kubernetes', 'Terraform', 'AWS', 'Docker', 'Linux', 'Prometheus'],
  },
  {
    key: 'ml',
    titles: ['Machine Learning Engineer'],
    skills: ['Python', 'PyTorch', 'TensorFlow', 'scikit-learn', 'Pandas', 'NumPy'],
  },
  {
    key: 'java',
    titles: ['Java Developer', 'Java Engineer'],
    skills: ['Java', 'Spring Boot', 'Hibernate', 'Maven', 'Kafka', 'PostgreSQL'],
  },
  {
    key: 'ios',
    titles: ['iOS Engineer', 'iOS Developer'],
    skills: ['Swift', 'SwiftUI', 'Xcode', 'Objective-C', 'Core Data'],
  },
  {
    key: 'qa',
    titles: ['QA Engineer', 'Test Automation Engineer'],
    skills: ['Selenium', 'Cypress', 'Playwright', 'JavaScript', 'Jenkins'],
  },
  {
    key: 'analyst',
    titles: ['Data Analyst', 'Business Intelligence Analyst'],
    skills: ['SQL', 'Tableau', 'Excel', 'Power BI', 'Python'],
  },
  {
    key: 'dotnet',
    titles: ['.NET Developer', 'C# Engineer'],
    skills: ['C#', '.NET', 'ASP.NET', 'Azure', 'SQL Server'],
  },
];

/** Other spellings people write (the vocabulary is expected to read them as the canonical skill). */
export const ALIASES: Record<string, string> = {
  JavaScript: 'JS',
  Kubernetes: 'k8s',
  PostgreSQL: 'Postgres',
  Go: 'Golang',
  TypeScript: 'TS',
};

export const CITIES = [
  { city: 'Berlin', country: 'Germany', currency: 'EUR' },
  { city: 'Munich', country: 'Germany', currency: 'EUR' },
  { city: 'London', country: 'United Kingdom', currency: 'GBP' },
  { city: 'Manchester', country: 'United Kingdom', currency: 'GBP' },
  { city: 'Amsterdam', country: 'Netherlands', currency: 'EUR' },
  { city: 'Austin', country: 'USA', currency: 'USD' },
];

export const LEVELS = [
  { level: 1, word: 'Junior', years: [0, 2], pay: 0.6 },
  { level: 2, word: '', years: [3, 5], pay: 0.8 },
  { level: 3, word: 'Senior', years: [6, 9], pay: 1 },
  { level: 4, word: 'Lead', years: [10, 14], pay: 1.2 },
] as const;

export interface EvalRole {
  key: string;
  family: Family;
  name: string;
  level: number;
  minYears: number;
  required: string[];
  nice: string[];
  city: (typeof CITIES)[number];
  remoteType: 'onsite' | 'hybrid' | 'remote';
  salaryMin: number;
  salaryMax: number;
}

export interface EvalCandidate {
  firstName: string;
  lastName: string;
  family: Family;
  title: string;
  level: number;
  years: number;
  /** The skills the person really has (canonical names). */
  skills: string[];
  /** As written on the record (may use other spellings, may leave some to the resume). */
  listedSkills: string[];
  resume: string;
  city: (typeof CITIES)[number];
  salary: number;
  currency: string;
  status: 'active' | 'placed';
  daysSinceActivity: number;
  archetype: string;
}

/**
 * The grading rules, written before the ranking was tuned:
 * 1. Coverage of the role's required skills the person really has (aliases count; a skill named only in a
 *    "not interested" sentence does not): all → 3, all but one → 2, at least a third → 1, less → 0.
 * 2. Caps: another job family's title → at most 1; seniority two levels off → 1, one level off → 2; years of
 *    experience more than two below the minimum → 1, below it → 2; an on-site role in another city → 1, a
 *    hybrid one → 2; salary asked above 125% of the range's top → 1, above the top → 2; placed in the last
 *    90 days → 1.
 */
export function grade(role: EvalRole, candidate: EvalCandidate): number {
  const has = role.required.filter((skill) => candidate.skills.includes(skill)).length;
  const n = role.required.length;
  let g = has === n ? 3 : has === n - 1 ? 2 : has * 3 >= n ? 1 : 0;
  const cap = (max: number) => {
    g = Math.min(g, max);
  };
  if (candidate.family.key !== role.family.key) cap(1);
  const off = Math.abs(candidate.level - role.level);
  if (off >= 2) cap(1);
  else if (off === 1) cap(2);
  if (candidate.years < role.minYears - 2) cap(1);
  else if (candidate.years < role.minYears) cap(2);
  if (role.remoteType !== 'remote' && candidate.city.city !== role.city.city) cap(role.remoteType === 'onsite' ? 1 : 2);
  if (candidate.currency === role.city.currency) {
    if (candidate.salary > role.salaryMax * 1.25) cap(1);
    else if (candidate.salary > role.salaryMax) cap(2);
  }
  if (candidate.status === 'placed' && candidate.daysSinceActivity <= 90) cap(1);
  return g;
}

const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Femi',
  'Gita',
  'Hugo',
  'Ines',
  'Jon',
  'Kemal',
  'Lena',
  'Mira',
  'Noah',
  'Omar',
  'Pia',
  'Quinn',
  'Rosa',
  'Sami',
  'Tess',
];
const LAST = [
  'Adler',
  'Brook',
  'Cruz',
  'Dahl',
  'Ek',
  'Frost',
  'Gale',
  'Hart',
  'Ives',
  'Jung',
  'Kerr',
  'Lund',
  'Moss',
  'Nash',
  'Ortiz',
  'Park',
  'Quist',
  'Reyes',
  'Stone',
  'Tran',
];

const SENTENCES = [
  (s: string) => `Built and ran production services with ${s}.`,
  (s: string) => `Three years of day-to-day work in ${s} on a team of eight.`,
  (s: string) => `Led the migration of the reporting stack to ${s}.`,
  (s: string) => `Mentored two colleagues in ${s} and code review.`,
];

export function generate(seed = 20261129): { roles: EvalRole[]; candidates: Map<string, EvalCandidate[]> } {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  let nameIndex = 0;
  const name = () => {
    nameIndex += 1;
    return { firstName: pick(FIRST), lastName: `${pick(LAST)}-${nameIndex}` };
  };

  const roles: EvalRole[] = [];
  const candidates = new Map<string, EvalCandidate[]>();
  const remoteTypes = ['onsite', 'hybrid', 'remote'] as const;
  for (const [familyIndex, family] of FAMILIES.entries()) {
    for (let variant = 0; variant < 3; variant += 1) {
      const level = LEVELS[(familyIndex + variant) % 4] as (typeof LEVELS)[number];
      const city = pick(CITIES);
      const skills = shuffle(family.skills);
      const base = Math.round((60_000 + familyIndex * 3_000) * level.pay);
      const role: EvalRole = {
        key: `${family.key}-${variant}`,
        family,
        name: `${level.word} ${pick(family.titles)}`.trim(),
        level: level.level,
        minYears: level.years[0],
        required: skills.slice(0, 3),
        nice: skills.slice(3, 5),
        city,
        remoteType: remoteTypes[(familyIndex + variant) % 3] as EvalRole['remoteType'],
        salaryMin: base,
        salaryMax: Math.round(base * 1.3),
      };
      roles.push(role);
      candidates.set(role.key, roleCandidates(role));
    }
  }
  return { roles, candidates };

  function person(
    role: EvalRole,
    archetype: string,
    options: {
      family?: Family;
      level?: number;
      skills: string[];
      city?: (typeof CITIES)[number];
      salaryFactor?: number;
      status?: 'active' | 'placed';
      daysSinceActivity?: number;
      aliases?: boolean;
      resumeOnly?: string[];
      notInterested?: string;
      titleOverride?: string;
    },
  ): EvalCandidate {
    const family = options.family ?? role.family;
    const level = options.level ?? role.level;
    const levelInfo = LEVELS[level - 1] as (typeof LEVELS)[number];
    const years = between(levelInfo.years[0], levelInfo.years[1]);
    const city = options.city ?? (role.remoteType === 'remote' ? pick(CITIES) : role.city);
    const resumeOnly = new Set(options.resumeOnly ?? []);
    const listed = options.skills
      .filter((skill) => !resumeOnly.has(skill))
      .map((skill) => (options.aliases && ALIASES[skill] ? (ALIASES[skill] as string) : skill));
    const lines = [
      `${options.titleOverride ?? `${levelInfo.word} ${pick(family.titles)}`.trim()} with ${years} years of experience.`,
      ...shuffle(options.skills)
        .slice(0, 4)
        .map((skill) => pick(SENTENCES)(options.aliases && ALIASES[skill] ? (ALIASES[skill] as string) : skill)),
      ...[...resumeOnly].map((skill) => pick(SENTENCES)(skill)),
    ];
    if (options.notInterested) {
      lines.push(`I am not interested in ${options.notInterested} work any more.`);
    }
    const currency = city.currency;
    const salary = Math.round(
      ((role.salaryMin + role.salaryMax) / 2) *
        (options.salaryFactor ?? 0.95) *
        (levelInfo.pay / (LEVELS[role.level - 1] as (typeof LEVELS)[number]).pay),
    );
    return {
      ...name(),
      family,
      title: options.titleOverride ?? `${levelInfo.word} ${pick(family.titles)}`.trim(),
      level,
      years,
      skills: [...new Set(options.skills)],
      listedSkills: listed,
      resume: lines.join('\n'),
      city,
      salary,
      currency,
      status: options.status ?? 'active',
      daysSinceActivity: options.daysSinceActivity ?? between(1, 60),
      archetype,
    };
  }

  function roleCandidates(role: EvalRole): EvalCandidate[] {
    const all = [...role.required, ...role.nice];
    const otherCity =
      CITIES.find((c) => c.city !== role.city.city && c.currency === role.city.currency) ??
      pick(CITIES.filter((c) => c.city !== role.city.city));
    const out: EvalCandidate[] = [];
    const withNice = () => [...role.required, ...shuffle(role.nice).slice(0, between(0, 2))];
    for (let i = 0; i < 3; i += 1) out.push(person(role, 'ideal', { skills: withNice() }));
    out.push(person(role, 'ideal-aliases', { skills: withNice(), aliases: true }));
    out.push(person(role, 'ideal-resume-only', { skills: withNice(), resumeOnly: [role.required[0] as string] }));
    for (let i = 0; i < 3; i += 1) {
      const missing = pick(role.required);
      out.push(person(role, 'missing-one', { skills: all.filter((skill) => skill !== missing) }));
    }
    const nearLevel = role.level === 4 ? 3 : role.level + 1;
    out.push(person(role, 'one-level-off', { skills: withNice(), level: nearLevel }));
    out.push(
      person(role, 'keyword-stuffed', {
        family: pick(FAMILIES.filter((f) => f.key !== role.family.key)),
        skills: [...new Set([...FAMILIES.flatMap((f) => f.skills)])],
        level: 1,
        titleOverride: pick(['Marketing Coordinator', 'Office Assistant', 'Sales Associate']),
      }),
    );
    const farLevel = role.level >= 3 ? 1 : 4;
    out.push(person(role, 'wrong-seniority', { skills: withNice(), level: farLevel }));
    if (role.remoteType !== 'remote') {
      out.push(person(role, 'wrong-city', { skills: withNice(), city: otherCity }));
    } else {
      out.push(person(role, 'ideal', { skills: withNice() }));
    }
    out.push(person(role, 'salary-far-above', { skills: withNice(), salaryFactor: 1.9 }));
    const refused = pick(role.required);
    out.push(
      person(role, 'not-interested', {
        skills: all.filter((skill) => skill !== refused),
        notInterested: refused,
      }),
    );
    out.push(
      person(role, 'placed-last-week', { skills: withNice(), status: 'placed', daysSinceActivity: between(3, 8) }),
    );
    out.push(person(role, 'stale-but-fits', { skills: withNice(), daysSinceActivity: between(200, 700) }));
    while (out.length < 26) {
      const half = shuffle(role.required).slice(0, 1 + Math.floor(random() * 2));
      out.push(person(role, 'partial', { skills: [...half, ...shuffle(role.family.skills).slice(0, 2)] }));
    }
    while (out.length < 40) {
      const family = pick(FAMILIES.filter((f) => f.key !== role.family.key));
      out.push(
        person(role, 'other-family', { family, skills: shuffle(family.skills).slice(0, 4), level: between(1, 4) }),
      );
    }
    return shuffle(out);
  }
}

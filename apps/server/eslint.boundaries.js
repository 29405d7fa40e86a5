// The server's import boundaries (decision 007, docs/architecture.md "Server layers"), checked on
// resolved file paths (eslint-plugin-import-x), so a relative, aliased or re-exported spelling cannot
// slip past them. The root eslint.config.js spreads this array; src/boundaries.test.ts proves every
// rule fires on the bad fixtures in lint-fixtures/ and stays quiet on the good one.
import fs from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const here = import.meta.dirname;
const src = path.join(here, 'src');
/** Flat-config globs are relative to the root eslint.config.js. */
const rel = (p) => `apps/server/${p}`;
const abs = (p) => path.join(src, p);
/** Benches, the assistant's evaluation, the fault and cluster harnesses: beside src/, never shipped. */
const TOOLS = path.join(here, 'tools/**');

/**
 * The one direction of the server's modules, lowest first: a module may import only modules before it
 * (identity and audit -> records -> pipelines -> money -> insight), and those only through their
 * *.service.ts (or *.table.ts for a foreign key). A new module must be placed here, or lint fails.
 */
export const MODULE_ORDER = [
  // identity and audit
  'users',
  'activity',
  // in-app notices to users: any module may notify
  'notifications',
  'sessions',
  'settings',
  'auth',
  'files',
  'profile',
  'registration',
  'user-admin',
  // records
  'notes',
  'clients',
  'contacts',
  'roles',
  // the skill vocabulary (built-in list + the agency's aliases): resume parsing and matching read it
  'skills',
  'candidates',
  // resume parsing (text and fields out of a resume file)
  'resumes',
  // pipelines, and what flows into them: inbound applications, the job-board postings that bring them
  'pipelines',
  'applications',
  'job-postings',
  // imports write candidates, clients, roles and notes
  'imports',
  // matching ranks candidates for roles (records + pipelines' outcomes); the assistant reads it
  'matching',
  // email (issue 33): unsubscribes, the messages and their outbox, templates (with bulk and submittal email),
  // sequences, and the mailboxes whose sync files replies onto the records and stops sequences
  'unsubscribes',
  'messages',
  'email-templates',
  'campaigns',
  'sequences',
  'mailboxes',
  // the shortlist portal (issue 35): shares of a role's candidates with client contacts, the public portal, and
  // the contacts' decisions as pipeline changes
  'shares',
  // interview scheduling (issue 35): times offered for a pipeline, picked through links, booked as its client
  // interview with calendar invitations sent through the outbox
  'scheduling',
  // personal data (issue 34): erasure, the access export and restriction read and rewrite every record above;
  // invoices and chat register their own erasure steps at start-up
  'personal-data',
  // data protection (issue 34): consent and retention, the requests and the self-service privacy page; it erases
  // through 'personal-data'
  'data-protection',
  // money
  'invoices',
  // insight: calendar aggregates records, pipelines and money; nothing imports it
  'calendar',
  'search',
  // analytics reads records, pipelines and money (their tables, read-only); nothing imports it
  'analytics',
  // the assistant reads everything above through its read-only tools; chat carries it to the owner
  'assistant',
  'chat',
  // the assistant's message drafts (issue 33): records, messages and the assistant's name search
  'drafts',
  // the agency's data whole (export, and the agency archive's import): reads and writes every table above
  'agency-archive',
  // leaves: depend on nothing in the domain, or (demo) on everything
  'health',
  'public-config',
  'demo',
];

/** The platform, lowest first: each folder may import only those before it, and never a module. */
const PLATFORM_ORDER = ['config', 'db', 'lib', 'plugins'];

const modulesOnDisk = fs.existsSync(abs('modules'))
  ? fs
      .readdirSync(abs('modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
const unplaced = modulesOnDisk.filter((name) => !MODULE_ORDER.includes(name));
if (unplaced.length) {
  throw new Error(
    `apps/server/eslint.boundaries.js: place the server module(s) ${unplaced.join(', ')} in MODULE_ORDER (decision 007).`,
  );
}

const anyOf = (names) => (names.length === 1 ? names[0] : `{${names.join(',')}}`);
const TESTS = ['**/*.test.ts'];
/** Tooling above the modules: never imported by production code. */
const TOOLING = [abs('test/**'), TOOLS, abs('factories/**')];
const COMPOSITION = [abs('app.ts'), abs('server.ts'), abs('schema.ts')];

function moduleZones(name, index) {
  const others = MODULE_ORDER.filter((other) => other !== name);
  const later = MODULE_ORDER.slice(index + 1);
  const zones = [
    {
      target: abs(`modules/${name}/**`),
      from: abs(`modules/${anyOf(others)}/**`),
      except: ['**/*.service.ts', '**/*.table.ts'],
      message: 'A module reaches another only through its *.service.ts (or *.table.ts for a foreign key).',
    },
  ];
  if (later.length) {
    zones.push({
      target: abs(`modules/${name}/**`),
      from: abs(`modules/${anyOf(later)}/**`),
      message: `Modules point one way (MODULE_ORDER in apps/server/eslint.boundaries.js): ${name} may not import a module after it; let that module register with ${name} at start-up instead (decision 008).`,
    });
  }
  return zones;
}

const noProductionTooling = (target, allowFactories = false) => ({
  target,
  from: allowFactories ? [abs('test/**'), TOOLS] : TOOLING,
  message: 'Production code imports no test support, benches or factories (only demo data uses the factories).',
});

const noComposition = (target) => ({
  target,
  from: COMPOSITION,
  message: 'Only server.ts, tests and benches import the composition root (app.ts, server.ts, schema.ts).',
});

const platformZones = PLATFORM_ORDER.map((folder, index) => {
  const later = PLATFORM_ORDER.slice(index + 1);
  return [
    {
      target: abs(`${folder}/**`),
      from: abs('modules/**'),
      message:
        'The platform (config/, db/, lib/, plugins/) knows no domain: a module registers a hook with it instead (decision 007).',
    },
    ...(later.length
      ? [
          {
            target: abs(`${folder}/**`),
            from: abs(`${anyOf(later)}/**`),
            message: `The platform points one way (${PLATFORM_ORDER.join(' -> ')}): ${folder}/ may not import ${later.join('/, ')}/.`,
          },
        ]
      : []),
    noProductionTooling(abs(`${folder}/**`)),
    noComposition(abs(`${folder}/**`)),
  ];
});

const resolverSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.mjs', '.js', '.json'] })],
  // no-cycle follows imports by parsing the imported files: TypeScript ones too.
  'import-x/extensions': ['.ts', '.mjs', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
};

const serverFiles = (globs) => globs.map((g) => rel(g));

export default [
  {
    files: serverFiles(['src/**/*.ts', 'tools/**/*.ts', 'lint-fixtures/**/*.ts']),
    plugins: { 'import-x': importX },
    settings: resolverSettings,
    rules: {
      // Every relative import must resolve, or the path rules below could not see it.
      'import-x/no-unresolved': ['error', { ignore: ['^[^.]'] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  ...MODULE_ORDER.map((name, index) => ({
    files: serverFiles([`src/modules/${name}/**/*.ts`]),
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...moduleZones(name, index),
            noProductionTooling(abs(`modules/${name}/**`), name === 'demo'),
            noComposition(abs(`modules/${name}/**`)),
          ],
        },
      ],
    },
  })),
  // Tests sit above everything, but still reach other modules only through their service or table.
  ...MODULE_ORDER.map((name) => ({
    files: serverFiles([`src/modules/${name}/**/*.test.ts`]),
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [moduleZones(name, MODULE_ORDER.length)[0]] }] },
  })),
  ...PLATFORM_ORDER.map((folder, index) => ({
    files: serverFiles([`src/${folder}/**/*.ts`]),
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: platformZones[index] }] },
  })),
  {
    files: serverFiles(['src/factories/**/*.ts']),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: abs('factories/**'),
              from: [abs('test/**'), TOOLS, abs('modules/demo/**')],
              message: 'Factories sit below demo data, benches and tests.',
            },
            noComposition(abs('factories/**')),
          ],
        },
      ],
    },
  },
];

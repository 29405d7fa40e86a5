// `npm run cluster`: the documented deployment on this machine (docs/deployment.md, decision 046).
// nginx on 127.0.0.1 terminates TLS (a self-signed certificate made with openssl) and sends requests
// round-robin to N built app servers (`node apps/server/dist/server.js`), which share one PostgreSQL
// (DATABASE_URL), one Redis (REDIS_URL), one SECRET_KEY and one file storage (a shared DATA_DIR, or S3).
// The servers run as production (NODE_ENV=production): the demo agency is never created there (decision
// 004), so the first start creates the owner from OWNER_EMAIL/OWNER_PASSWORD, which this script chooses.
//
//   npm run cluster                      # https://127.0.0.1:8443, two servers on 8444 and 8445
//   npm run cluster -- --port 3400 --servers 3 --s3 --fresh
//
// Environment: DATABASE_URL (default: the local PostgreSQL's database `recruitdesk_cluster`, created when
// missing; --fresh drops it first), REDIS_URL (default redis://127.0.0.1:6379), CLUSTER_OWNER_EMAIL and
// CLUSTER_OWNER_PASSWORD (default owner@cluster.test and a password generated once and kept in
// data/cluster/owner-password). Ctrl-C stops nginx and the servers.
//
// Tests and scripts import startCluster() (apps/server/tools/cluster/, the load scripts).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverProcessEnv } from './server-env.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');
const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Builds the web app and the server when either build is missing (`npm run build`). */
export function ensureBuilt({ quiet = false } = {}) {
  if (fs.existsSync(serverEntry) && fs.existsSync(webIndex)) return;
  if (!quiet) console.log('Building (apps/server/dist or apps/web/dist is missing)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`npm run build failed (${result.status})\n${result.stdout ?? ''}${result.stderr ?? ''}`);
}

/** The nginx binary: NGINX, then PATH, then Debian's /usr/sbin/nginx. */
function nginxBinary() {
  if (process.env.NGINX) return process.env.NGINX;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).concat('/usr/sbin')) {
    const candidate = path.join(dir, 'nginx');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  throw new Error('nginx is not installed (Debian: apt-get install nginx-light)');
}

/** A self-signed certificate for 127.0.0.1 and localhost, valid for a few days. */
function makeCertificate(dir) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '7',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  fs.chmodSync(key, 0o600);
  return { cert, key };
}

/**
 * The nginx configuration: TLS on 127.0.0.1:<port>, round-robin to the servers, WebSocket upgrades passed
 * on, every path (pid, logs, temp files) inside `dir`. `X-Served-By` names the server that answered: the
 * cross-server tests read it to prove that requests alternate. docs/deployment.md shows the same
 * configuration for a real host.
 */
export function nginxConfig({ dir, host, port, serverPorts, cert, key }) {
  const upstreams = serverPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  const proxy = `
      proxy_pass http://recruitdesk;
      proxy_http_version 1.1;
      proxy_set_header Host              $http_host;
      proxy_set_header X-Forwarded-For   $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host  $http_host;
      proxy_set_header Upgrade           $http_upgrade;
      proxy_set_header Connection        $connection_upgrade;
      add_header X-Served-By $upstream_addr always;`;
  return `# Written by scripts/cluster.mjs; started as: nginx -p ${dir} -c nginx.conf
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/temp/client;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  server_tokens off;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      '';
  }

  upstream recruitdesk {
${upstreams}
    keepalive 32;
  }

  server {
    listen ${host}:${port} ssl;
    ssl_certificate     ${cert};
    ssl_certificate_key ${key};
    ssl_protocols TLSv1.2 TLSv1.3;
    client_max_body_size 60m;

    location / {${proxy}
    }
    # The assistant chat's WebSocket: kept open while idle.
    location /ws/ {${proxy}
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
  }
}
`;
}

function get(url) {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, { rejectUnauthorized: false, timeout: 5000 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

async function waitFor(check, { what, timeoutMs, exited }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const failure = exited();
    if (failure) throw new Error(`${what}: ${failure}`);
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Creates the database named in `url` on its server when it does not exist (`fresh`: drops it first). */
export async function ensureDatabase(url, { fresh = false } = {}) {
  const { default: pg } = await import('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`database name "${name}": use lower-case letters, digits and _`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    if (fresh) {
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    }
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** An S3-compatible server (s3rver, the tests' one) on 127.0.0.1 with one bucket. */
async function startS3(dir) {
  const { default: S3rver } = await import('s3rver');
  const bucket = 'recruitdesk-cluster';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

/**
 * Starts nginx (TLS) in front of `servers` app servers and resolves when all of them are ready.
 * - `port`: nginx's HTTPS port on `host` (127.0.0.1); the servers listen on `serverPorts` (default the
 *   ports after it).
 * - `databaseUrl` (required), `redisUrl` (default redis://127.0.0.1:6379): shared by every server.
 * - `storage`: 'dir' (default: one DATA_DIR shared by the servers, `dataDir` or a temp folder) or 's3'
 *   (S3_* from `env`, else an s3rver started here and stopped by stop()).
 * - `env`: more variables for every server (e.g. LOG_LEVEL, AI_BASE_URL); `ownerEmail`/`ownerPassword`:
 *   the first owner, created on an empty database (defaults: owner@cluster.test and a random password).
 * - `onLog(serverIndex, line)`: every line the servers print (their files are in `<dir>/server-N.log`).
 * Resolves to { url, serverUrls, dir, ownerEmail, ownerPassword, s3Env, accessLog, stop() }.
 */
export async function startCluster({
  port,
  host = '127.0.0.1',
  servers = 2,
  serverPorts = Array.from({ length: servers }, (_, index) => port + 1 + index),
  databaseUrl,
  redisUrl = 'redis://127.0.0.1:6379',
  storage = 'dir',
  dataDir,
  secretKey = randomBytes(32).toString('base64url'),
  ownerEmail = 'owner@cluster.test',
  ownerPassword = `${randomBytes(12).toString('base64url')}-Cl9`,
  env = {},
  onLog,
  build = true,
  readyTimeoutMs = 180_000,
} = {}) {
  if (!port) throw new Error('startCluster: port is required');
  if (!databaseUrl) throw new Error('startCluster: databaseUrl is required');
  if (serverPorts.length !== servers) throw new Error('startCluster: serverPorts must name one port per server');
  if (build) ensureBuilt({ quiet: !onLog });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-cluster-'));
  // nginx's workers run as an unprivileged user when started by root: they must reach the temp paths.
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, 'temp'));
  const sharedDir = dataDir ?? path.join(dir, 'data');
  fs.mkdirSync(sharedDir, { recursive: true });
  const url = `https://${host}:${port}`;
  const children = [];
  let s3 = null;
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(
      children.map(
        ({ child }) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await s3?.close();
    // The temp folder: nginx's files, the logs, the certificate, and the shared data unless `dataDir` was given.
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const spawnLogged = (name, command, args, childEnv, index) => {
    const logFile = path.join(dir, `${name}.log`);
    const out = fs.createWriteStream(logFile);
    const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let buffered = '';
    const onData = (chunk) => {
      out.write(chunk);
      if (!onLog) return;
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) onLog(index, line);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => out.end());
    const entry = { name, child, logFile, exit: null };
    child.on('exit', (code, signal) => {
      entry.exit = `${name} exited (${signal ?? code}) before it was ready\n${tail(logFile)}`;
    });
    children.push(entry);
    return entry;
  };

  try {
    if (storage === 's3' && !env.S3_BUCKET) s3 = await startS3(dir);
    // As docs/deployment.md runs each server, MALLOC_MMAP_THRESHOLD_ included.
    const shared = serverProcessEnv({
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SECRET_KEY: secretKey,
      PUBLIC_URL: url,
      TRUST_PROXY: 'loopback',
      COOKIE_SECURE: 'true',
      DATA_DIR: sharedDir,
      OWNER_EMAIL: ownerEmail,
      OWNER_PASSWORD: ownerPassword,
      ...(s3?.env ?? {}),
      ...env,
    });
    if (storage !== 's3')
      for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete shared[name];
    // A test runner's relaxed TLS (it trusts nginx's self-signed certificate) is not the servers' business.
    delete shared.NODE_TLS_REJECT_UNAUTHORIZED;
    // All at once, as a deployment's servers start: the advisory lock lets one migrate and seed at a time.
    const started = serverPorts.map((serverPort, index) =>
      spawnLogged(
        `server-${index + 1}`,
        process.execPath,
        [serverEntry],
        { ...shared, PORT: String(serverPort) },
        index,
      ),
    );
    await Promise.all(
      started.map((entry, index) =>
        waitFor(async () => (await get(`http://127.0.0.1:${serverPorts[index]}/readyz`)).status === 200, {
          what: entry.name,
          timeoutMs: readyTimeoutMs,
          exited: () => entry.exit,
        }),
      ),
    );

    const { cert, key } = makeCertificate(dir);
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(conf, nginxConfig({ dir, host, port, serverPorts, cert, key }));
    const nginx = spawnLogged(
      'nginx',
      nginxBinary(),
      ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')],
      process.env,
      -1,
    );
    await waitFor(async () => (await get(`${url}/healthz`)).status === 200, {
      what: 'nginx',
      timeoutMs: 30_000,
      exited: () => (nginx.exit ? `${nginx.exit}\n${tail(path.join(dir, 'error.log'))}` : null),
    });
    for (const entry of children) entry.exit = null;
    for (const entry of children) {
      entry.child.on('exit', (code, signal) => {
        if (!stopped) onLog?.(-1, `${entry.name} exited (${signal ?? code})`);
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    serverUrls: serverPorts.map((serverPort) => `http://127.0.0.1:${serverPort}`),
    dir,
    dataDir: sharedDir,
    ownerEmail,
    ownerPassword,
    s3Env: s3?.env ?? null,
    accessLog: path.join(dir, 'access.log'),
    serverLogs: children.filter((entry) => entry.name.startsWith('server-')).map((entry) => entry.logFile),
    stop,
  };
}

function parseArgs(argv) {
  const options = { port: 8443, servers: 2, storage: 'dir', fresh: false };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--port') options.port = Number(argv[++index]);
    else if (arg === '--servers') options.servers = Number(argv[++index]);
    else if (arg === '--s3') options.storage = 's3';
    else if (arg === '--fresh') options.fresh = true;
    else if (arg === '--help' || arg === '-h') {
      console.log('npm run cluster -- [--port 8443] [--servers 2] [--s3] [--fresh]   (see docs/deployment.md)');
      process.exit(0);
    } else throw new Error(`unknown option ${arg} (try --help)`);
  }
  if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535 - options.servers)
    throw new Error('--port: a port number');
  if (!Number.isInteger(options.servers) || options.servers < 1 || options.servers > 16)
    throw new Error('--servers: 1 to 16');
  return options;
}

/** The owner's password of `npm run cluster`: CLUSTER_OWNER_PASSWORD, else one generated once and kept. */
function clusterOwnerPassword(stateDir) {
  if (process.env.CLUSTER_OWNER_PASSWORD) return process.env.CLUSTER_OWNER_PASSWORD;
  const file = path.join(stateDir, 'owner-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = `${randomBytes(12).toString('base64url')}-Cl9`;
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL ?? LOCAL_ADMIN_URL.replace(/\/postgres$/, '/recruitdesk_cluster');
  const stateDir = path.join(root, 'data', 'cluster');
  fs.mkdirSync(stateDir, { recursive: true });
  if (options.fresh) fs.rmSync(path.join(stateDir, 'owner-password'), { force: true });
  await ensureDatabase(databaseUrl, { fresh: options.fresh });
  const ownerEmail = process.env.CLUSTER_OWNER_EMAIL ?? 'owner@cluster.test';
  const ownerPassword = clusterOwnerPassword(stateDir);
  const secretFile = path.join(stateDir, 'secret-key');
  if (!fs.existsSync(secretFile))
    fs.writeFileSync(secretFile, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  const filesDir = path.join(stateDir, 'shared');
  if (options.fresh) fs.rmSync(filesDir, { recursive: true, force: true });

  console.log(
    `Starting nginx and ${options.servers} app servers on ${databaseUrl.replace(/\/\/[^@/]*@/, '//')} and ${process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'}…`,
  );
  const cluster = await startCluster({
    port: options.port,
    servers: options.servers,
    databaseUrl,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    storage: options.storage,
    dataDir: filesDir,
    secretKey: fs.readFileSync(secretFile, 'utf8').trim(),
    ownerEmail,
    ownerPassword,
    onLog: (index, line) => {
      // The servers' JSON log: warnings and errors only; their start banners and other plain lines as they are.
      let level;
      try {
        level = JSON.parse(line).level ?? 0;
      } catch {
        level = 100;
      }
      if (level >= 40 && line.trim()) console.log(`${index < 0 ? '[cluster]' : `[server-${index + 1}]`} ${line}`);
    },
  });
  console.log(`
RecruitDesk cluster: ${cluster.url}  (self-signed certificate: accept it in the browser)
  nginx (TLS, round-robin, X-Served-By names the server) -> ${cluster.serverUrls.join(', ')}
  sign in as ${cluster.ownerEmail} / ${cluster.ownerPassword}   (production mode: no demo agency)
  storage: ${options.storage === 's3' ? `S3 (s3rver at ${cluster.s3Env?.S3_ENDPOINT})` : filesDir}
  logs: ${cluster.dir}
Ctrl-C stops everything.
`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping nginx and the servers…');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

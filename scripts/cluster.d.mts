// Types of scripts/cluster.mjs for the TypeScript that imports it (the cross-server tests, load scripts).
export interface ClusterOptions {
  /** nginx's HTTPS port. */
  port: number;
  host?: string;
  servers?: number;
  /** One port per server; default the ports after `port`. */
  serverPorts?: number[];
  databaseUrl: string;
  redisUrl?: string;
  /** 'dir': one DATA_DIR shared by the servers; 's3': S3_* from `env`, else an s3rver started here. */
  storage?: 'dir' | 's3';
  dataDir?: string;
  secretKey?: string;
  ownerEmail?: string;
  ownerPassword?: string;
  env?: Record<string, string>;
  /** Every line a server prints (index -1: the cluster itself). */
  onLog?: (serverIndex: number, line: string) => void;
  /** Build when apps/server/dist or apps/web/dist is missing (default true). */
  build?: boolean;
  readyTimeoutMs?: number;
}

export interface Cluster {
  /** https://127.0.0.1:<port>: nginx. */
  url: string;
  /** http://127.0.0.1:<port> of each server, in order. */
  serverUrls: string[];
  /** The temp folder: nginx.conf, the certificate, logs (removed by stop()). */
  dir: string;
  dataDir: string;
  ownerEmail: string;
  ownerPassword: string;
  s3Env: Record<string, string> | null;
  accessLog: string;
  serverLogs: string[];
  stop(): Promise<void>;
}

export const root: string;
export function startCluster(options: ClusterOptions): Promise<Cluster>;
export function ensureBuilt(options?: { quiet?: boolean }): void;
export function ensureDatabase(url: string, options?: { fresh?: boolean }): Promise<void>;
export function nginxConfig(options: {
  dir: string;
  host: string;
  port: number;
  serverPorts: number[];
  cert: string;
  key: string;
}): string;

declare module 'hoodiecrow-imap' {
  import type { Server } from 'node:net';

  interface HoodiecrowFolder {
    messages?: { raw: string; uid?: number; flags?: string[]; internaldate?: Date | string }[];
    uidvalidity?: number;
    uidnext?: number;
    'special-use'?: string;
    folders?: Record<string, HoodiecrowFolder>;
    separator?: string;
  }
  interface HoodiecrowOptions {
    plugins?: string[];
    users?: Record<string, { password: string }>;
    storage?: Record<string, HoodiecrowFolder>;
    debug?: boolean;
  }
  export interface HoodiecrowServer {
    server: Server;
    users: Record<string, { password: string }>;
    storage: Record<string, HoodiecrowFolder>;
    folderCache: Record<string, HoodiecrowFolder>;
    listen(port: number, host: string, callback: () => void): void;
  }
  function hoodiecrow(options?: HoodiecrowOptions): HoodiecrowServer;
  export default hoodiecrow;
}

import type { Server } from 'node:http';

export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}
export function parseHeaders(text: string): HeaderRule[];
export function startServer(o: { dir: string; prefix?: string; port?: number }): Promise<Server>;

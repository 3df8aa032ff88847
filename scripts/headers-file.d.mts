export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}
export function parseHeaders(text: string): HeaderRule[];
export function matchesPath(pattern: string, path: string): boolean;
export function headersFor(rules: HeaderRule[], path: string): Record<string, string>;

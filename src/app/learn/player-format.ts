/** Short labels for the follow-one-skb list: bytes and simulated times, compact. */
import { formatBytes, formatNs } from '../format';

export const formatBytesShort = (b: number): string => `${formatBytes(b)}B`.replace(/(\d)B$/, '$1 B');
export const formatTimeShort = (ns: number): string => formatNs(ns);

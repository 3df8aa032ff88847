/**
 * The threads and commits TSQ Lab re-runs or checks against, cited by title,
 * list and date, with a link to the public archive or commit page where one
 * was confirmed. Presets, cross-checks and lessons name a source by its id;
 * every host shows the citation, never a file name of shared/seeds.
 *
 * Links: commit pages on git.kernel.org by the full hash (each hash checked
 * against a mirror of the mainline history), and the ath9k pacing-shift
 * patch on patchwork.kernel.org by the id its exported mail carries
 * (X-Patchwork-Id). Threads with no confirmed public address have none.
 */

export interface Citation {
  id: string;
  /** The subject line or commit title, as posted. */
  title: string;
  author: string;
  /** The mailing list (or tree) it was posted to. */
  list: string;
  /** ISO date it was posted or committed (YYYY-MM-DD). */
  date: string;
  /** The public archive page or commit page; absent where none was confirmed. */
  url?: string;
  /** The commit, when it was merged and its hash is known (12 hex digits). */
  commit?: string;
}

const KERNEL_COMMIT = 'https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/commit/?id=';

export const SOURCES = {
  'mac80211-tsq-pacing-shift': {
    id: 'mac80211-tsq-pacing-shift',
    title: '[PATCH] mac80211: Adjust TSQ pacing shift',
    author: 'Toke Høiland-Jørgensen',
    list: 'linux-wireless, make-wifi-fast',
    date: '2018-02-02',
    url: 'https://patchwork.kernel.org/patch/10196995/',
  },
  'tcp-gso-always-on': {
    id: 'tcp-gso-always-on',
    title: 'tcp: switch to GSO being always on',
    author: 'Eric Dumazet',
    list: 'netdev (net-next)',
    date: '2018-02-19',
    commit: '0a6b2a1dc2a2',
    url: `${KERNEL_COMMIT}0a6b2a1dc2a2105f178255fe495eb914b09cb37a`,
  },
  'tcp-tsq-double-limit': {
    id: 'tcp-tsq-double-limit',
    title: '[PATCH net-next] tcp: double default TSQ output bytes limit',
    author: 'Wei Liu',
    list: 'netdev (net-next)',
    date: '2015-06-03',
  },
  'ath9k-intermediate-queues': {
    id: 'ath9k-intermediate-queues',
    title: '[v6] ath9k: Switch to using mac80211 intermediate software queues',
    author: 'Toke Høiland-Jørgensen',
    list: 'linux-wireless, make-wifi-fast',
    date: '2016-11-10',
  },
  'brcmfmac-pacing-shift': {
    id: 'brcmfmac-pacing-shift',
    title: '[PATCH 2/2] brcmfmac: Set pacing shift before transmitting skb to bus',
    author: 'Wright Feng',
    list: 'linux-wireless',
    date: '2020-06-22',
  },
  'tcp-small-queues': {
    id: 'tcp-small-queues',
    title: 'tcp: TCP Small Queues',
    author: 'Eric Dumazet',
    list: 'netdev (Linux 3.6)',
    date: '2012-07-12',
    commit: '46d3ceabd8d9',
    url: `${KERNEL_COMMIT}46d3ceabd8d98ed0ad10f20c595ca784e34786c5`,
  },
  'ath9k-airtime-fairness': {
    id: 'ath9k-airtime-fairness',
    title: 'ath9k: Introduce airtime fairness scheduling between stations',
    author: 'Toke Høiland-Jørgensen',
    list: 'linux-wireless (Linux 4.11)',
    date: '2016-12-05',
    commit: '63fefa050477',
    url: `${KERNEL_COMMIT}63fefa050477b0974ab34f650e21a7cfc3b02d96`,
  },
  'fq-codel': {
    id: 'fq-codel',
    title: 'fq_codel: Fair Queue Codel AQM',
    author: 'Eric Dumazet',
    list: 'netdev (net-next)',
    date: '2012-05-11',
    commit: '4b549a2ef4be',
    url: `${KERNEL_COMMIT}4b549a2ef4bef9965d97cbd992ba67930cd3e0fe`,
  },
} as const satisfies Record<string, Citation>;

export type SourceId = keyof typeof SOURCES;

export const isSourceId = (s: string): s is SourceId => Object.hasOwn(SOURCES, s);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "19 Feb 2018" from "2018-02-19". */
export function citationDate(c: Citation): string {
  const [y, m, d] = c.date.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** One line for text hosts (CLI, tables): title — author, list, date (commit). */
export function citationText(c: Citation): string {
  const commit = c.commit ? `, commit ${c.commit}` : '';
  return `${c.title} — ${c.author}, ${c.list}, ${citationDate(c)}${commit}`;
}

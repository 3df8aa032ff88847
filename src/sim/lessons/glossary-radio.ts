/**
 * Glossary terms of the radio and the drivers: A-MPDU, TXOP, EDCA, mac80211 TXQs and AQL, ath9k, brcmfmac, ath10k, mt76, Xen netfront, MCS (the glossary: ./glossary.ts).
 */
import type { GlossaryTerm } from './glossary';

export const RADIO_TERMS: readonly GlossaryTerm[] = [
  {
    id: 'ampdu',
    term: 'A-MPDU',
    forms: ['A-MPDU', 'A-MPDUs', 'aggregate', 'aggregates'],
    definition:
      'An 802.11n/ac aggregate: several frames sent back to back in one transmission and acknowledged by one block ack, so the fixed cost of a transmission is paid once for all.',
    files: ['drivers/net/wireless/ath/ath9k/xmit.c', 'net/mac80211/agg-tx.c'],
  },
  {
    id: 'txop',
    term: 'TXOP',
    forms: ['TXOP', 'TXOPs'],
    definition:
      'A transmit opportunity: winning the channel (EDCA contention), the preamble, the frames, and the (block) ack. Its fixed overhead is why small aggregates waste airtime. mac80211 sets each access category’s TXOP limit (ieee80211_set_wmm_default).',
    files: ['net/mac80211/util.c'],
  },
  {
    id: 'blockack',
    term: 'block ack',
    forms: ['block ack', 'BlockAck'],
    definition:
      'The 802.11 acknowledgement of an A-MPDU: one bitmap of which frames arrived; the lost ones are retried (ath9k: ath_tx_complete_aggr). mac80211 sets up the block-ack session.',
    files: ['net/mac80211/agg-tx.c', 'drivers/net/wireless/ath/ath9k/xmit.c'],
  },
  {
    id: 'edca',
    term: 'EDCA',
    forms: ['EDCA'],
    definition:
      'The 802.11 channel access: each transmitter waits a random backoff before it may send, so every transmission costs contention time.',
    files: ['net/mac80211/util.c'],
  },
  {
    id: 'mac80211_txq',
    term: 'mac80211 TXQs',
    forms: ['mac80211 TXQs', 'mac80211 TXQ', 'TXQs', 'intermediate software queues'],
    definition:
      'mac80211’s per-station, per-TID queues (FQ-CoDel inside): the driver pulls frames from them (ieee80211_tx_dequeue) when it builds an aggregate, so the queue lives where each station’s latency can be managed.',
    files: ['net/mac80211/tx.c'],
  },
  {
    id: 'aql',
    term: 'AQL',
    forms: ['AQL'],
    definition:
      'Airtime Queue Limits: mac80211 caps the airtime each station may have queued in the driver and hardware.',
    files: ['net/mac80211/tx.c'],
  },
  {
    id: 'airtime_fairness',
    term: 'airtime fairness',
    forms: ['airtime fairness'],
    definition:
      'Scheduling stations by the airtime they use rather than by packets, so a slow station cannot take the channel from the fast ones.',
    files: ['net/mac80211/tx.c', 'drivers/net/wireless/ath/ath9k/xmit.c'],
  },
  {
    id: 'mac80211',
    term: 'mac80211',
    forms: ['mac80211'],
    definition: 'The kernel’s 802.11 stack for drivers whose MAC runs on the host (ath9k, mt76, iwlwifi).',
    files: ['net/mac80211/tx.c'],
  },
  {
    id: 'ath9k',
    term: 'ath9k',
    forms: ['ath9k'],
    definition:
      'The driver for Qualcomm Atheros 802.11n chips: it builds the A-MPDUs itself from per-TID queues and keeps up to two aggregates in the hardware queue.',
    files: ['drivers/net/wireless/ath/ath9k/xmit.c'],
  },
  {
    id: 'brcmfmac',
    term: 'brcmfmac',
    forms: ['brcmfmac'],
    definition:
      'The driver for Broadcom FullMAC chips (BCM43455 on a Raspberry Pi): the firmware on the chip (the dongle) does the 802.11 work; the host sends it frames over SDIO.',
    files: ['drivers/net/wireless/broadcom/brcm80211/brcmfmac/core.c'],
  },
  {
    id: 'ath10k',
    term: 'ath10k',
    forms: ['ath10k', 'HTT'],
    definition:
      'The driver for Qualcomm Atheros 802.11ac chips (QCA988x, QCA6174): it hands frames to the firmware over HTT messages on PCIe, the firmware aggregates and retries by itself and reports TX status in batches (tx_compl), freed in the NAPI poll.',
    files: ['drivers/net/wireless/ath/ath10k/htt_tx.c', 'drivers/net/wireless/ath/ath10k/htt_rx.c'],
  },
  {
    id: 'mt76',
    term: 'mt76',
    forms: ['mt76'],
    definition:
      'The driver family for MediaTek 802.11ac/ax chips (MT7915 and others): a TX worker moves frames from mac80211 onto a DMA ring, the MAC builds the A-MPDUs, and TX-free events return the tokens of the frames it sent.',
    files: ['drivers/net/wireless/mediatek/mt76/tx.c', 'drivers/net/wireless/mediatek/mt76/mt7915/mac.c'],
  },
  {
    id: 'fc_mode',
    term: 'FC mode (fwsignal)',
    forms: ['FC mode', 'fwsignal', 'flow control'],
    definition:
      'brcmfmac’s firmware-signalling flow control (the fcmode module parameter): in modes 1 and 2 the host keeps each skb until the firmware reports its TX status, and sends by the firmware’s credits.',
    files: ['drivers/net/wireless/broadcom/brcm80211/brcmfmac/fwsignal.c'],
  },
  {
    id: 'hanger',
    term: 'hanger',
    forms: ['hanger'],
    definition:
      'brcmfmac’s table of skbs the firmware holds: each waits there, still charged to its socket, until the firmware’s TX status frees it — a late TX completion.',
    files: ['drivers/net/wireless/broadcom/brcm80211/brcmfmac/fwsignal.c'],
  },
  {
    id: 'dongle',
    term: 'dongle',
    forms: ['dongle'],
    definition:
      'The WiFi chip’s firmware side in brcmfmac’s terms: its own queues, aggregation and retries, out of the host’s sight.',
    files: ['drivers/net/wireless/broadcom/brcm80211/brcmfmac/bcdc.c'],
  },
  {
    id: 'sdio',
    term: 'SDIO bus',
    forms: ['SDIO', 'SDIO bus'],
    definition:
      'The bus between a brcmfmac host and its chip: frames, received packets and TX status signals share it, one direction at a time.',
    files: ['drivers/net/wireless/broadcom/brcm80211/brcmfmac/sdio.c'],
  },
  {
    id: 'xen_netfront',
    term: 'Xen netfront',
    forms: ['netfront', 'netback', 'Xen netfront'],
    definition:
      'A Xen guest’s virtual NIC: netfront shares a ring with dom0’s netback, which sends the packet on the physical NIC; the guest frees an skb only when netback’s response comes back, long after it left.',
    files: ['drivers/net/xen-netfront.c', 'drivers/net/xen-netback/netback.c'],
  },
  {
    id: 'mcs',
    term: 'MCS',
    forms: ['MCS'],
    definition:
      'The 802.11n/ac modulation and coding scheme index, which with the channel width sets a station’s PHY rate.',
    files: ['include/linux/ieee80211.h'],
  },
];

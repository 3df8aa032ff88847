/** The Flent worker entry: reads one measured file (flent-reader.ts) behind Comlink; the app terminates it to cancel. */
import * as Comlink from 'comlink';
import { readFlentFile } from './flent-reader';
import type { FlentProgressSink, FlentWorkerApi } from './protocol';

const api: FlentWorkerApi = {
  read: async (file: Blob, onProgress: FlentProgressSink) => {
    // Progress is a hint: do not wait for the app to acknowledge each report.
    const sink = onProgress as Comlink.Remote<FlentProgressSink>;
    try {
      return await readFlentFile(
        file,
        (p) => void sink(p),
        () => performance.now(),
      );
    } finally {
      sink[Comlink.releaseProxy]();
    }
  },
};

Comlink.expose(api);

/** Creates the page's SimController and ChartScheduler, and tears them down with the App. */
import { useEffect, useState } from 'react';
import { SimController } from './sim-controller';
import { ChartScheduler } from './charts/scheduler';
import { viewStore } from './state/view-store';

export interface Runtime {
  controller: SimController;
  scheduler: ChartScheduler;
}

export function useRuntime(): Runtime | null {
  const [rt, setRt] = useState<Runtime | null>(null);
  useEffect(() => {
    const controller = new SimController();
    const scheduler = new ChartScheduler(controller.buffers, viewStore);
    scheduler.trackPaints();
    controller.paints = scheduler;
    setRt({ controller, scheduler });
    void controller.start();
    return () => {
      scheduler.dispose();
      controller.dispose();
    };
  }, []);
  return rt;
}

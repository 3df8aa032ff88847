/**
 * The knob the user last took hold of (pointer or focus on its control), and
 * whether the phone's Parameters sheet is open: the phone bar shows that
 * knob beside the charts while it moves (./PhoneBar.tsx).
 */
import { create } from 'zustand';

export const useKnobInHand = create<{ key: string | null; sheet: boolean }>(() => ({
  key: null,
  sheet: false,
}));

export const holdKnob = (key: string) => {
  if (useKnobInHand.getState().key !== key) useKnobInHand.setState({ key });
};

export const setSheet = (sheet: boolean) => useKnobInHand.setState({ sheet });

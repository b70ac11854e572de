import { useRef, useState } from 'react';

interface PopoverState {
  key: number;
  event: Event;
  open: boolean;
}

/**
 * An Ionic popover that exists in the page only while open or closing: a closed inline popover keeps
 * aria-modal without a role, which accessibility checkers rightly flag. Each opening is a new instance, so
 * the late "dismissed" of a popover still closing cannot shut the one just opened.
 */
export function usePopover() {
  const [state, setState] = useState<PopoverState | null>(null);
  const counter = useRef(0);
  const key = state?.key;
  return {
    state,
    show: (event: Event) => {
      counter.current += 1;
      setState({ key: counter.current, event, open: true });
    },
    hide: () => setState((current) => current && { ...current, open: false }),
    onDidDismiss: () => setState((current) => (current?.key === key ? null : current)),
  };
}

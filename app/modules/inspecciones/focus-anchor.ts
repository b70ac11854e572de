/** Scrolls to the place of a problem (or a statement) and moves the focus there. */
export function focusAnchor(anchor: string): void {
  const element = document.getElementById(anchor);
  if (!element) return;
  element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
}

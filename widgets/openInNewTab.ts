/**
 * Opens a link in a new tab, as `noopener` does but with an answer: `false` when the browser blocked the
 * window (a report's link opens after its call returns, outside the click that asked for it, and a pop-up blocker
 * may stop it), so the screen can say so (spec §8: popups blocked). The new tab gets no handle on this one.
 */
export function openInNewTab(url: string): boolean {
  // with 'noopener' window.open always answers null, blocked or not: open blank, cut the opener, then navigate
  const tab = window.open('', '_blank');
  if (!tab) return false;
  tab.opener = null;
  tab.location.href = url;
  return true;
}

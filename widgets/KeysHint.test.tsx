import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { KeysHint } from './KeysHint';
import { UiProvider } from './UiProvider';

/** The `display` the page's style sheets give `el`, per media condition ('' for none). */
function displays(el: Element) {
  const found: { media: string; display: string }[] = [];
  const walk = (rules: CSSRuleList, media: string) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSMediaRule) walk(rule.cssRules, rule.conditionText ?? rule.media.mediaText);
      else if (rule instanceof CSSStyleRule && rule.style.display && el.matches(rule.selectorText)) found.push({ media, display: rule.style.display });
    }
  };
  for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules, '');
  return found;
}

describe('KeysHint', () => {
  // jsdom does not evaluate the media query: the rule is what a phone's browser applies (e2e execution: present, not shown)
  it('is hidden by CSS on a touch screen with nothing that hovers, and shown elsewhere', () => {
    render(
      <UiProvider>
        <KeysHint>Enter: ítem siguiente o nuevo</KeysHint>
      </UiProvider>,
    );
    const rules = displays(screen.getByText('Enter: ítem siguiente o nuevo'));
    expect(rules).toContainEqual({ media: '(hover: none) and (pointer: coarse)', display: 'none' });
    expect(rules.filter((r) => r.media === '')).not.toContainEqual(expect.objectContaining({ display: 'none' }));
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import i18next, { storedLanguage } from '../locales/i18n';
import * as stories from './LanguageSwitch.stories';

const { Default } = composeStories(stories);

describe('LanguageSwitch', () => {
  it('shows the current language and offers Español and English', () => {
    render(<Default />);
    const select = screen.getByTestId('language-switch') as HTMLSelectElement;
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBe(select);
    expect(select.value).toBe('es');
    expect(screen.getByRole('option', { name: 'Español' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'English' })).toBeTruthy();
  });

  it('switches the texts to English and remembers the choice', async () => {
    render(<Default />);
    fireEvent.change(screen.getByTestId('language-switch'), { target: { value: 'en' } });
    await waitFor(() => expect(screen.getByTestId('sample-text').textContent).toBe('Log out'));
    expect(i18next.language).toBe('en');
    expect(storedLanguage()).toBe('en');
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });
});

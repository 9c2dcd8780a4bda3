import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './Attachments.stories';

const { AudioNotes, Optional } = composeStories(stories);

describe('Attachments', () => {
  // jsdom has no blob URLs: a registry of the live ones, as the browser keeps it
  const live = new Set<string>();
  const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  beforeEach(() => {
    let n = 0;
    URL.createObjectURL = () => {
      const url = `blob:test/${++n}`;
      live.add(url);
      return url;
    };
    URL.revokeObjectURL = (url: string) => void live.delete(url);
  });
  afterEach(() => {
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
    live.clear();
  });

  it('plays an audio note in the page from a blob URL, released when the list goes; other files only download', async () => {
    const { unmount } = render(<AudioNotes />);
    const player = (await screen.findByLabelText('Escuchar nota-20261120.webm')) as HTMLAudioElement;
    expect(player.tagName).toBe('AUDIO');
    expect(player.controls).toBe(true);
    await waitFor(() => expect(player.getAttribute('src')).toMatch(/^blob:/));
    expect(live.has(player.getAttribute('src')!)).toBe(true);
    expect(screen.queryByLabelText('Escuchar remito-0001-00001234.pdf')).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar nota-20261120.webm' })).toBeTruthy();
    unmount();
    expect(live.size).toBe(0);
  });

  it('without a loader audio notes are only downloaded', async () => {
    render(<Optional />);
    expect(await screen.findByRole('button', { name: 'Descargar nota-20261120.webm' })).toBeTruthy();
    expect(screen.queryByLabelText('Escuchar nota-20261120.webm')).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './Attachments.stories';

const { AudioNotes, Optional, LoadFailedList } = composeStories(stories);

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

  it('plays an audio note in the page from a blob URL only when asked, released when the list goes; other files only download', async () => {
    let loads = 0;
    const { unmount } = render(
      <AudioNotes
        loadAudio={async () => {
          loads++;
          return new Blob(['audio'], { type: 'audio/webm' });
        }}
      />,
    );
    // showing the list downloads nothing: a button waits for the user
    const listen = await screen.findByRole('button', { name: 'Escuchar nota-20261120.webm' });
    expect(listen.textContent).toContain('Escuchar');
    expect(loads).toBe(0);
    expect(live.size).toBe(0);
    fireEvent.click(listen);
    const player = (await screen.findByLabelText('Escuchar nota-20261120.webm', { selector: 'audio' })) as HTMLAudioElement;
    expect(player.controls).toBe(true);
    expect(player.autoplay).toBe(true);
    expect(loads).toBe(1);
    expect(player.getAttribute('src')).toMatch(/^blob:/);
    expect(live.has(player.getAttribute('src')!)).toBe(true);
    expect(screen.queryByLabelText('Escuchar remito-0001-00001234.pdf')).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar nota-20261120.webm' })).toBeTruthy();
    unmount();
    expect(live.size).toBe(0);
  });

  it('says so when the audio cannot be loaded, and the button stays to try again', async () => {
    render(
      <AudioNotes
        loadAudio={async () => {
          throw new Error('offline');
        }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Escuchar nota-20261120.webm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo cargar el audio.');
    expect(screen.getByRole('button', { name: 'Escuchar nota-20261120.webm' })).toBeTruthy();
    expect(live.size).toBe(0);
  });

  it('without a loader audio notes are only downloaded', async () => {
    render(<Optional />);
    expect(await screen.findByRole('button', { name: 'Descargar nota-20261120.webm' })).toBeTruthy();
    expect(screen.queryByLabelText('Escuchar nota-20261120.webm')).toBeNull();
  });

  it('files that could not be read say so, with a retry, not "no attachments"', () => {
    render(<LoadFailedList />);
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.queryByText('Sin adjuntos.')).toBeNull();
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Attachments } from './Attachments';
import { AudioRecorder } from './AudioRecorder';
import { LoadFailed } from './LoadFailed';

const meta = {
  title: 'Widgets/Attachments',
  component: Attachments,
  args: {
    items: [
      { id: 1, nombre: 'remito-0001-00001234.pdf', tamano: 184_320, creado_por_nombre: 'carla.rios', creado_en: '2026-11-20T14:05:00Z' },
      { id: 2, nombre: 'nota-20261120.webm', tamano: 48_210, audio: true, creado_por_nombre: 'jorge.paez', creado_en: '2026-11-21T09:30:00Z' },
    ],
    canAttach: true,
    canRemove: true,
    onPick: fn(),
    onDownload: fn(),
    onRemove: fn(),
  },
} satisfies Meta<typeof Attachments>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Optional: Story = {};
export const WithAudio: Story = { args: { recorder: <AudioRecorder onRecorded={fn()} /> } };
/** Audio notes get an in-page player (the caller loads the file with its credentials). */
export const AudioNotes: Story = { args: { loadAudio: async () => new Blob(['audio'], { type: 'audio/webm' }) } };
export const ViewOnly: Story = { args: { canAttach: false, canRemove: false, note: 'Esta actividad solo permite ver los adjuntos.' } };
export const Loading: Story = { args: { items: null } };
export const Empty: Story = { args: { items: [] } };
/** The files could not be read: said, with a retry, not "no attachments". */
export const LoadFailedList: Story = { args: { items: null, failed: <LoadFailed onRetry={fn()} /> } };
export const TooBig: Story = { args: { error: 'El archivo supera los 5 MB.' } };

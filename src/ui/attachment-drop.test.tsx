// @vitest-environment jsdom
// The attachment kit: files listed with a thumbnail or their kind, an upload's progress bar moving
// with the progress reported, a failure kept on its row (413 reads as the cap), a file over the cap
// refused before it is sent, and removal only after the confirm.
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { AttachmentDrop, formatBytes, type AttachedFile, type UploadFile } from './attachment-drop';

afterEach(cleanup);

const files: AttachedFile[] = [
  { id: '1', file_name: 'wireframe.png', content_type: 'image/png', file_size: 2048, download_url: '/api/v1/attachments/1/download' },
  {
    id: '2',
    file_name: 'spec.pdf',
    content_type: 'application/pdf',
    file_size: 3 * 1024 * 1024,
    download_url: '/api/v1/attachments/2/download',
  },
];

function pick(user: ReturnType<typeof userEvent.setup>, file: File): Promise<void> {
  return user.upload(screen.getByLabelText('Attach files to attachments'), file);
}

describe('AttachmentDrop', () => {
  it('lists files: images as thumbnails, others by kind, each with its size and a download link', () => {
    render(<AttachmentDrop attachments={files} upload={vi.fn()} />);
    const region = screen.getByRole('region', { name: /^Attachments\s*\(2\)$/ });
    const link = within(region).getByRole('link', { name: 'spec.pdf' });
    expect(link.getAttribute('href')).toBe('/api/v1/attachments/2/download');
    expect(link.hasAttribute('download')).toBe(true);
    expect(region.querySelectorAll('img')).toHaveLength(1);
    expect(within(region).getByText('PDF')).toBeTruthy();
    expect(within(region).getByText('3.0 MB')).toBeTruthy();
    // Without a remove function there is nothing to remove.
    expect(within(region).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('shows a progress bar per upload that follows the progress, and drops it when done', async () => {
    const user = userEvent.setup();
    let report: (fraction: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    const upload: UploadFile = (_file, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (finish = () => resolve(undefined)));
    };
    render(<AttachmentDrop attachments={[]} upload={upload} />);
    await pick(user, new File(['x'.repeat(4000)], 'notes.txt', { type: 'text/plain' }));
    const bar = screen.getByRole('progressbar', { name: 'Uploading notes.txt' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    act(() => report(0.42));
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    await act(async () => finish());
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('keeps a failure on its row, saying the cap for a 413, until dismissed', async () => {
    const user = userEvent.setup();
    const upload: UploadFile = () => Promise.reject(new ApiError(413, 'attachment[data] is too large'));
    render(<AttachmentDrop attachments={[]} upload={upload} maxBytes={25 * 1024 * 1024} />);
    await pick(user, new File(['abc'], 'big.bin'));
    expect((await screen.findByRole('alert')).textContent).toBe('Too large (max 25 MB)');
    await user.click(screen.getByRole('button', { name: 'Dismiss big.bin' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a file over the cap without sending it', async () => {
    const user = userEvent.setup();
    const upload = vi.fn<UploadFile>();
    render(<AttachmentDrop attachments={[]} upload={upload} maxBytes={1024} />);
    await pick(user, new File(['x'.repeat(2048)], 'large.bin'));
    expect(screen.getByRole('alert').textContent).toBe('Too large (max 1.0 KB)');
    expect(upload).not.toHaveBeenCalled();
  });

  it('removes a file only once the confirm is accepted', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => Promise.resolve());
    render(<AttachmentDrop attachments={files} upload={vi.fn()} remove={remove} />);
    await user.click(screen.getByRole('button', { name: 'Remove spec.pdf' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove spec.pdf' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(remove).toHaveBeenCalledWith(files[1]);
  });

  it('formats sizes in B, KB and MB', () => {
    expect([formatBytes(512), formatBytes(2048), formatBytes(300 * 1024), formatBytes(3.5 * 1024 * 1024), formatBytes(null)]).toEqual([
      '512 B',
      '2.0 KB',
      '300 KB',
      '3.5 MB',
      '',
    ]);
  });
});
